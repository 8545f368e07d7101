/**
 * A VAT rate in basis points as French typography writes it: 1000 → '10 %', 550 → '5,5 %'
 * (a no-break space before the sign). Written out rather than through Intl, as money is
 * (src/shared/money.ts): the same text on invoices, credit notes, the closing page and its CSV.
 */
export function formatRate(rateBp: number): string {
  const rest = rateBp % 100;
  const decimals = rest === 0 ? '' : `,${String(rest).padStart(2, '0').replace(/0$/, '')}`;
  return `${Math.floor(rateBp / 100)}${decimals}\u00a0%`;
}
