import { PAGE_SCRIPTS_ID, type PageScripts } from '../shared/page-scripts';

/*
 * What the page's first script does around the first paint (src/boot.ts). The server's page comes
 * with its styles inline and no script preloads (server/ssr/inline-styles.ts,
 * server/ssr/scripts-after-paint.ts), so that nothing but the page itself is fetched before it is
 * painted; the rest is put back here, once it is.
 */

/** How long the app waits for the browser to say it painted, where it never says so. */
const PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser has painted the server's page (its first contentful paint, as the
 * browser reports it), or after PAINT_WAIT_MS where it reports no paints. A frame's callback is not
 * enough: the paint it precedes can come later still, with the app's requests already under way.
 * A hidden tab paints nothing, so it does not wait.
 */
export function afterFirstPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    // Buffered: a paint that came before this script is reported too.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

/**
 * Links each stylesheet the server wrote inline, disabled (its <style> applies already, and a
 * disabled link is neither fetched nor parsed): React finds its stylesheets by their links as it
 * hydrates, and would otherwise add them again and wait for them; Vite's loader finds them too,
 * and does not load them again for a lazy part.
 */
export function linkInlinedStylesheets(doc: Document = document): void {
  const linked = new Set([...doc.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
  for (const style of doc.head.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href!;
    if (linked.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute('disabled', '');
    link.dataset.precedence = 'default';
    style.after(link);
  }
}

/**
 * Where the first script keeps the browser's install offer (`beforeinstallprompt`) for the app,
 * which reads it from there (`watchInstallPrompt` in src/features/pwa/pwa-store.ts). A key on the
 * window rather than a module both import: a module shared with the app would make this script
 * load the app's chunk before it runs. A unit test holds the two ends together.
 */
const INSTALL_OFFER_KEY = 'popote:install-offer';

/**
 * Listens from the page's first script: Chromium may make its offer as soon as the page is
 * installable, before the app (loaded after the first paint) is there to listen. The offer is
 * kept for the app's install button, and the browser's own mini-bar is not shown.
 */
export function keepEarlyInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    (target as unknown as Record<string, Event>)[INSTALL_OFFER_KEY] = event;
  });
}

/** The page's scripts as the server listed them; none when the list is missing or not ours. */
export function pageScriptsOf(doc: Document): PageScripts | null {
  try {
    const listed = JSON.parse(doc.getElementById(PAGE_SCRIPTS_ID)?.textContent ?? '') as Partial<PageScripts>;
    const ours = (href: unknown): href is string => typeof href === 'string' && href.startsWith('/assets/');
    if (!ours(listed.app) || !Array.isArray(listed.chunks)) return null;
    return { app: listed.app, chunks: listed.chunks.filter(ours), tap: Array.isArray(listed.tap) ? listed.tap.filter(ours) : [] };
  } catch {
    return null;
  }
}

/**
 * Preloads the page's chunks, then runs the app, and while it loads preloads what a tap needs
 * (`tap`: fetched alongside the app, run only when a tap asks for it). One preload a task: each
 * request the browser starts holds the main thread a moment (more under a profiler), and a dozen
 * of them in one task made a long one right after the first paint. The app's own chunk comes first
 * in the list.
 */
export async function loadPageScripts(
  doc: Document = document,
  load = (url: string) => import(/* @vite-ignore */ url),
  nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
): Promise<void> {
  const scripts = pageScriptsOf(doc);
  if (!scripts) return;
  const preload = (href: string) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  };
  for (const [index, href] of scripts.chunks.entries()) {
    if (index > 0) await nextTask();
    preload(href);
  }
  const tapFiles = async () => {
    for (const href of scripts.tap) {
      await nextTask();
      preload(href);
    }
  };
  // Both awaited from the start: an app that fails to load while the tap's files are still being
  // preloaded is handled at once (the reload), never left an unhandled rejection meanwhile.
  await Promise.all([load(scripts.app), tapFiles()]);
}

/**
 * Where the last reload for code that failed to load is noted (this tab only), and how often at
 * most: the app's own reload for a lazy chunk (src/features/pwa/chunk-reload.ts) counts the same,
 * so a deploy that cannot load does not loop between the two. Its twin there: this script shares
 * no module with the app (see keepEarlyInstallOffer); a unit test holds the two together.
 */
const CODE_RELOAD_KEY = 'popote:chunk-reload-at';
const CODE_RELOAD_GUARD_MS = 60_000;

/**
 * The app could not be loaded (its code lost on a shaky connection, or replaced by a deploy): the
 * page stays readable, but nothing on it works and a browser never fetches a failed module again
 * for that page. So the page is loaded again whole, at once if the browser is online, else when
 * the connection returns; once a minute at most, and not when the visitor is leaving it anyway.
 * Answers whether a reload is on its way.
 */
export function reloadAfterFailedLoad(win: Window = window, storage: Storage | null = sessionStorageOrNull(), now = Date.now): boolean {
  // Without a storage to note it in (site data blocked), a reload could not know it was the
  // second: the page stays as it is, readable, rather than reload itself in a loop.
  const last = lastReloadAt(storage);
  if (last === null || now() - last < CODE_RELOAD_GUARD_MS) return false;
  let leaving = false;
  win.addEventListener('pagehide', () => (leaving = true), { once: true });
  const reload = () => {
    if (leaving) return;
    try {
      storage?.setItem(CODE_RELOAD_KEY, String(now()));
    } catch {
      // Not kept: the guard holds for this page only.
    }
    win.location.reload();
  };
  if (win.navigator.onLine) reload();
  else win.addEventListener('online', reload, { once: true });
  return true;
}

function lastReloadAt(storage: Storage | null): number | null {
  try {
    return storage ? Number(storage.getItem(CODE_RELOAD_KEY) ?? 0) : null;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A tap on one of the server's buttons before the app has taken the page over would do nothing:
 * the button is drawn, not yet alive (on a crawling connection, for many seconds). It is held
 * instead: the button shows it waits (aria-busy, data-held), and once the app is there
 * (html[data-hydrated], src/app/after-hydration.ts) the last held tap is made again, once; should
 * its button be gone or disabled by then (sold out, offline), a note says plainly that it was not
 * taken. Only plain buttons: links and forms work without the app, and submit buttons are drawn
 * disabled until then. Caught on the window before React's own listener, so React never sees it
 * twice.
 *
 * It must listen before anything else can be tapped, so it is not part of any script file (the
 * first of them may take seconds to arrive): the server writes it inline at the top of every
 * page's head (`earlyScript`, src/entry-server.tsx), from its source. So it refers to nothing but
 * its argument and the browser's globals.
 */
export function holdEarlyTaps(win: Window = window): void {
  const root = win.document.documentElement;
  if (root.hasAttribute('data-hydrated')) return;
  // Said on the document while the app starts (its cursor shows it); taken off once it is there.
  root.dataset.starting = '';
  let held: { button: HTMLButtonElement; label: string | null } | null = null;
  const release = () => {
    if (!held) return;
    held.button.removeAttribute('aria-busy');
    delete held.button.dataset.held;
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type !== 'button' || button.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    release();
    held = { button, label: button.getAttribute('aria-label') };
    button.setAttribute('aria-busy', 'true');
    button.dataset.held = '';
  };
  win.addEventListener('click', onClick, true);
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    win.removeEventListener('click', onClick, true);
    delete root.dataset.starting;
    if (!held) return;
    release();
    const { button, label } = held;
    held = null;
    // Hydration keeps the server's nodes; should it have drawn the button anew, it is found by its name.
    const target = button.isConnected ? button : label ? win.document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`) : null;
    if (target && !target.disabled) return target.click();
    // Not made: said where a screen reader hears it too, then gone.
    const note = win.document.createElement('p');
    note.setAttribute('role', 'alert');
    note.className = 'early-tap-note';
    note.textContent = `Votre appui${label ? ` sur « ${label} »` : ''} n’a pas été pris en compte : la page n’était pas encore prête. Réessayez.`;
    win.document.body.append(note);
    setTimeout(() => note.remove(), 8000);
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}
