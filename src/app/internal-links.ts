import { isServerPath } from '../shared/paths';

/**
 * Content pages use plain <a href="/…"> links; this sends same-origin clicks through the router so
 * they navigate without a reload. API and sandbox paths, new tabs and downloads are left alone.
 */
export function interceptInternalLinks(navigate: (href: string) => void): () => void {
  function onClick(event: MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if (anchor.target && anchor.target !== '_self') return;
    if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
    if (isServerPath(anchor.pathname)) return;
    if (anchor.dataset.router === 'ignore') return;
    event.preventDefault();
    navigate(anchor.pathname + anchor.search + anchor.hash);
  }
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
