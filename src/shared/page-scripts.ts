/**
 * The id of a page's list of its scripts (a JSON data block, `PageScripts`): the server writes it
 * in place of the head's preload links (server/ssr/scripts-after-paint.ts), and the page's first
 * script loads them once the page is painted (src/boot.ts).
 */
export const PAGE_SCRIPTS_ID = 'page-scripts';

export interface PageScripts {
  /** The app's entry (src/main.tsx), which hydrates the page. */
  app: string;
  /** The chunks the app and the page's routes import, preloaded all at once. */
  chunks: string[];
  /**
   * What a tap needs that the app loads lazily (the cart's and the state's schemas and their
   * imports), preloaded as the app loads: on a slow line, a tap's answer is not shown one crawling
   * file after another.
   */
  tap: string[];
}
