import { afterFirstPaint, keepEarlyInstallOffer, linkInlinedStylesheets, loadPageScripts, reloadAfterFailedLoad } from './app/first-paint';

/*
 * The page's first script, and the only one its HTML loads: it imports nothing the app shares, so
 * it is one small file. The server's page is painted before any of the app's code is fetched or
 * run; only then come the app (src/main.tsx, which hydrates what is on screen) and the chunks of
 * the page's routes, all at once. On a slow phone the first paint no longer waits on scripts
 * competing with the page for the connection and the processor.
 */
keepEarlyInstallOffer();
// A tap before the app is there is held by the page's inline script (holdEarlyTaps, written by the
// server at the top of the page: this file itself may be seconds away on a crawling connection).
await afterFirstPaint();
linkInlinedStylesheets();
await loadPageScripts().catch((error: unknown) => {
  console.warn('The app could not be loaded: the page loads again.', error);
  reloadAfterFailedLoad();
});
