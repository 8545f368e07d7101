import { PAGE_SCRIPTS_ID, type PageScripts } from '#shared/page-scripts';

const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"[^>]*?\/?>/g;

/**
 * A page's scripts, moved out of its head into a list its first script (src/boot.ts) loads once
 * the page is painted: the app's entry (`app`), and the chunks the router would have preloaded
 * (`chunks`, thirty on the home page). Preloaded from the head, they were fetched alongside the
 * page itself and held its first paint back on a slow phone connection, for code the painted page
 * does not need; and what a tap needs that the app loads lazily (`tap`, tapChunksOf in
 * route-manifest.ts). The list is data (JSON), not a script: the CSP has nothing to allow.
 */
export function scriptsAfterPaint(html: string, app: string, tap: readonly string[] = []): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const chunks: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (_link, href: string) => {
    if (href !== app && !chunks.includes(href)) chunks.push(href);
    return '';
  });
  const scripts: PageScripts = { app, chunks, tap: tap.filter((href) => !chunks.includes(href)) };
  // Paths of the build's own files: nothing in them can close the element.
  return `${head}<script type="application/json" id="${PAGE_SCRIPTS_ID}">${JSON.stringify(scripts)}</script>${html.slice(headEnd)}`;
}
