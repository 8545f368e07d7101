import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"?#]+\.css)"[^>]*?\/?>/g;

/**
 * A page's stylesheets written into it, with those of the lazily loaded parts it is drawn with
 * (`lazy`): each <link rel="stylesheet"> of the head becomes a <style> holding its CSS. A first
 * visit then paints from the page's own bytes instead of waiting for one request per stylesheet
 * (sixteen on the home page), which held the first paint back on a slow phone connection. React
 * finds its stylesheets by their links as it hydrates (or adds them again, and waits for them):
 * the page's first script puts the links back, disabled (neither fetched nor parsed), once the page
 * is painted (src/app/first-paint.ts). The CSP allows inline styles (not inline scripts).
 */
export function inlineStylesheets(html: string, cssOf: (href: string) => string | null, lazy: string[] = []): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const inlined = new Set<string>();
  const head = html.slice(0, headEnd).replace(STYLESHEET, (link, href: string) => {
    const css = cssOf(href);
    if (css === null) return link;
    inlined.add(href);
    return style(href, css);
  });
  // The lazily loaded parts' styles have no link React knows of: their code adds one when it loads.
  const drawnLazily = lazy
    .filter((href) => !inlined.has(href) && !head.includes(`href="${href}"`))
    .map((href) => {
      const css = cssOf(href);
      return css === null ? '' : style(href, css);
    })
    .join('');
  return head + drawnLazily + html.slice(headEnd);
}

function style(href: string, css: string) {
  return `<style data-href="${href}">${css.replaceAll('</style', '<\\/style')}</style>`;
}

/** The build's stylesheets, read once each (they are named by their content's hash). */
export function builtStylesheets(distDir: string): (href: string) => string | null {
  const kept = new Map<string, string | null>();
  return (href) => {
    if (!kept.has(href)) {
      try {
        kept.set(href, readFileSync(join(distDir, href), 'utf8'));
      } catch {
        kept.set(href, null);
      }
    }
    return kept.get(href)!;
  };
}
