import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, holdEarlyTaps, linkInlinedStylesheets, loadPageScripts, pageScriptsOf, reloadAfterFailedLoad } from '../../src/app/first-paint';
import { reloadOnChunkFailure } from '../../src/features/pwa/chunk-reload';
import { PAGE_SCRIPTS_ID } from '../../src/shared/page-scripts';
import { scriptsAfterPaint } from '../../server/ssr/scripts-after-paint';

describe('the server’s page: scripts listed, not preloaded', () => {
  const page =
    '<html><head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/main-a.js" fetchPriority="low" nonce="n"/>' +
    '<link rel="modulepreload" href="/assets/app-b.js" fetchPriority="low" nonce="n"/><link rel="modulepreload" href="/assets/app-b.js"/>' +
    '<link rel="icon" href="/favicon.svg"/></head><body><link rel="modulepreload" href="/assets/late.js"/><script type="module" src="/assets/boot-c.js" async=""></script></body></html>';

  it('takes the head’s preload links out, into a JSON list with the app’s entry apart, once each', () => {
    const html = scriptsAfterPaint(page, '/assets/main-a.js', ['/assets/cart-e.js', '/assets/app-b.js']);
    expect(html).not.toMatch(/<head>.*modulepreload.*<\/head>/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    const list = new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ID}">(.*?)</script></head>`).exec(html);
    // What a tap needs is listed apart, without what the page preloads already.
    expect(JSON.parse(list![1]!)).toEqual({ app: '/assets/main-a.js', chunks: ['/assets/app-b.js'], tap: ['/assets/cart-e.js'] });
    // Outside the head, and the first script itself, left alone.
    expect(html).toContain('<body><link rel="modulepreload" href="/assets/late.js"/><script type="module" src="/assets/boot-c.js" async=""></script></body>');
  });

  it('leaves a document without a head as it is', () => {
    expect(scriptsAfterPaint('<p>x</p>', '/assets/main-a.js')).toBe('<p>x</p>');
  });
});

describe('the page’s first script', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
  });

  const list = (json: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_SCRIPTS_ID;
    script.textContent = json;
    document.head.append(script);
  };

  it('links each inline stylesheet, disabled, unless a link to it is there already', () => {
    document.head.innerHTML =
      '<style data-href="/assets/a.css">a{}</style><style data-href="/assets/b.css">b{}</style><link rel="stylesheet" href="/assets/b.css">';
    linkInlinedStylesheets();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.hasAttribute('disabled'), l.dataset.precedence ?? null])).toEqual([
      ['/assets/a.css', true, 'default'],
      ['/assets/b.css', false, null],
    ]);
    // Right after its <style>: React finds it where the server's link stood.
    expect(document.head.firstElementChild!.nextElementSibling).toBe(links[0]);
  });

  it('preloads the listed chunks one a task, then loads the app, and meanwhile what a tap needs', async () => {
    list(JSON.stringify({ app: '/assets/main-a.js', chunks: ['/assets/app-b.js', '/assets/home-c.js', '/assets/home-d.js'], tap: ['/assets/cart-e.js', '/assets/state-f.js'] }));
    const load = vi.fn(async () => ({}));
    const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    const seenAtEachTask: (string | null)[][] = [];
    await loadPageScripts(document, load, async () => void seenAtEachTask.push(preloaded()));
    expect(seenAtEachTask.slice(0, 2)).toEqual([['/assets/app-b.js'], ['/assets/app-b.js', '/assets/home-c.js']]);
    expect(preloaded()).toEqual(['/assets/app-b.js', '/assets/home-c.js', '/assets/home-d.js', '/assets/cart-e.js', '/assets/state-f.js']);
    expect(load).toHaveBeenCalledWith('/assets/main-a.js');
    // The app is asked for before the tap's files: they come alongside it, not ahead of it.
    expect(seenAtEachTask[2]).toEqual(['/assets/app-b.js', '/assets/home-c.js', '/assets/home-d.js']);
  });

  it('an app that cannot be loaded is a rejection handled at once, not one left unhandled while the tap’s files are preloaded', async () => {
    list(JSON.stringify({ app: '/assets/main-a.js', chunks: ['/assets/app-b.js'], tap: ['/assets/cart-e.js', '/assets/state-f.js'] }));
    const lost = new Error('Failed to fetch dynamically imported module: /assets/main-a.js');
    // The browser reports a rejection still unhandled once a task ends ("uncaught" on the page).
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
      await expect(loadPageScripts(document, () => Promise.reject(lost), nextTask)).rejects.toBe(lost);
      await nextTask();
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });

  it('loads nothing from a list that is missing, broken or names files not of the build', async () => {
    const load = vi.fn(async () => ({}));
    await loadPageScripts(document, load);
    list('{"app": "/assets/main');
    await loadPageScripts(document, load);
    expect(load).not.toHaveBeenCalled();
    document.head.innerHTML = '';
    list(JSON.stringify({ app: 'https://elsewhere.example/x.js', chunks: [] }));
    expect(pageScriptsOf(document)).toBeNull();
    document.head.innerHTML = '';
    list(JSON.stringify({ app: '/assets/main-a.js', chunks: ['/assets/ok.js', '//elsewhere.example/x.js', 3] }));
    expect(pageScriptsOf(document)).toEqual({ app: '/assets/main-a.js', chunks: ['/assets/ok.js'], tap: [] });
  });

  it('waits for the browser’s first contentful paint, not in a hidden tab', async () => {
    let report: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    let painted = false;
    const waiting = afterFirstPaint().then(() => (painted = true));
    await Promise.resolve();
    expect(painted).toBe(false);
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await waiting;
    expect(painted).toBe(true);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await afterFirstPaint();
  });
});

describe('the app that failed to load', () => {
  /** A window with its events, its connection and its reload, and a tab's storage. */
  function tab(onLine: boolean) {
    const events = new EventTarget();
    const reload = vi.fn();
    const win = {
      navigator: { onLine },
      location: { reload },
      addEventListener: events.addEventListener.bind(events),
    } as unknown as Window;
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) } as Storage;
    return { win, storage, reload, fire: (type: string) => events.dispatchEvent(new Event(type)) };
  }

  it('loads the page again at once when online, and not again within the minute', () => {
    const { win, storage, reload } = tab(true);
    expect(reloadAfterFailedLoad(win, storage, () => 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails as well (a broken deploy): it stays as it is.
    expect(reloadAfterFailedLoad(win, storage, () => 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterFailedLoad(win, storage, () => 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload a tab with no storage to note it in (site data blocked): it would loop', () => {
    const { win, reload } = tab(true);
    const refusing = { getItem: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } } as unknown as Storage;
    expect(reloadAfterFailedLoad(win, null, () => 1_000_000)).toBe(false);
    expect(reloadAfterFailedLoad(win, refusing, () => 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, waits for the connection to return', () => {
    const { win, storage, reload, fire } = tab(false);
    expect(reloadAfterFailedLoad(win, storage, () => 5_000_000)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    fire('online');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('counts with the app’s own reload for a lazy chunk: one guard for both', () => {
    const { win, storage, reload } = tab(true);
    expect(reloadAfterFailedLoad(win, storage, () => 2_000_000)).toBe(true);
    const chunkReload = vi.fn();
    const stop = reloadOnChunkFailure(storage, () => 2_030_000, chunkReload, () => true);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    stop();
    expect(chunkReload).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a page the visitor is leaving', () => {
    const { win, storage, reload, fire } = tab(false);
    reloadAfterFailedLoad(win, storage, () => 9_000_000);
    fire('pagehide');
    fire('online');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a tap before the app has taken the page over', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.hydrated;
    delete document.documentElement.dataset.starting;
  });

  /** The inline script as the server writes it: from its source, with nothing but the window. */
  const runInline = () => new Function('window', `(${holdEarlyTaps.toString()})(window);`)(window);
  const hydrate = async () => {
    document.documentElement.dataset.hydrated = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('is held, shown waiting, and made once when the app is there', async () => {
    document.body.innerHTML = '<button type="button" aria-label="Ajouter au panier : Dahl">Ajouter</button>';
    runInline();
    const button = document.querySelector('button')!;
    const made = vi.fn();
    button.addEventListener('click', made);
    button.click();
    button.click();
    expect(made).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    await hydrate();
    expect(made).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    button.click();
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('says plainly it was not taken when its button is disabled by then', async () => {
    document.body.innerHTML = '<button type="button" aria-label="Ajouter au panier : Dahl">Ajouter</button>';
    runInline();
    const button = document.querySelector('button')!;
    button.click();
    button.disabled = true;
    await hydrate();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Votre appui sur « Ajouter au panier : Dahl » n’a pas été pris en compte : la page n’était pas encore prête. Réessayez.',
    );
  });
});
