/** The Popote mark and word, inline so the header paints without another request. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 150 40" width="120" height="32" role="img" aria-label="Popote">
      <path d="M6 20h28a14 14 0 0 1-28 0z" fill="#b8452e" />
      <rect x="3" y="17" width="34" height="4" rx="2" fill="#933521" />
      <path d="M14 13c-2-3 2-4 0-8M20 13c-2-3 2-4 0-8M26 13c-2-3 2-4 0-8" stroke="#f2a541" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <text x="44" y="29" fontFamily="ui-rounded, system-ui, sans-serif" fontSize="25" fontWeight="800" fill="#2b2118" letterSpacing="-0.5">
        popote
      </text>
    </svg>
  );
}
