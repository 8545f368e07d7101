import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium';
import type { DeliveryLocation } from '#shared/api/delivery';
import { SHELL_PATH } from '#shared/paths';
import { startBuildCopy, type BuildCopy } from './build-copy';
import { catalogKept } from './catalog-kept';
import { SANDBOX_SCOPE_COOKIE } from '../../server/sandbox/scope';
import { customerWithCart, openPayment, recap } from './checkout-steps';
import { serveMapFixtures, type MapFixtures } from './map-fixtures';
import { expectEveryPoint, pinOf } from './map-pins';
import { escapeRegExp } from './text-match';
import { readJson } from './api-read';

// The service worker is what these scenarios are about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The service worker itself, on the production build: the map offline over cached tiles (and
 * without them), the new-version notice after a new build (never during a payment), and Chromium's
 * installability check.
 */

const TILES = 'popote-map-tiles-v1';
const STYLE = 'popote-map-style-v1';

async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page whose load started while the worker was activating stays uncontrolled (the claim came
  // before it existed): one reload puts it under the worker.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

const cached = (page: Page, cache: string) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, cache);

/** The connection drops (or returns) for the page, its worker and the mocked map service alike. */
async function setOffline(context: BrowserContext, fixtures: MapFixtures, offline: boolean) {
  fixtures.setOffline(offline);
  await context.setOffline(offline);
}

/** The points page with its map shown (below 667 px the list shows first: the switch shows the map). */
async function openMap(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Carte', exact: true }).click();
  return page.getByTestId('delivery-map');
}

async function toPointsPage(page: Page) {
  await page.getByRole('navigation', { name: 'Plan du site' }).getByRole('link', { name: 'Zones de livraison' }).click();
  await expect(page).toHaveURL('/points-de-livraison');
}

/** A visit of the points page under the worker: the map chunk, style and tiles go to its caches. */
async function visitMapOnline(page: Page, context: BrowserContext, isMobile: boolean) {
  const fixtures = await serveMapFixtures(context);
  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  await page.goto('/');
  await controlledBySw(page);
  // The worker's own warm-up of the map is over: what the visit adds to the caches is the visit's.
  await catalogKept(page, 'map');
  await toPointsPage(page);
  const map = await openMap(page, isMobile);
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expectEveryPoint(map, locations.length);
  await expect.poll(fixtures.tiles).toBeGreaterThan(0);
  await expect.poll(() => cached(page, STYLE)).toBeGreaterThan(0);
  // Every tile served so far is in the cache (none still on its way to it).
  await expect.poll(async () => (await cached(page, TILES)) === fixtures.tiles() && fixtures.tiles() > 0).toBe(true);
  return { fixtures, locations, map };
}

/** Leaves the points page and comes back (the map is made anew, asking for its style and tiles again). */
async function remountMap(page: Page, isMobile: boolean) {
  await page.getByRole('link', { name: 'Popote, retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
  await page.goBack();
  await expect(page).toHaveURL('/points-de-livraison');
  return openMap(page, isMobile);
}

async function choosePin(page: Page, map: ReturnType<Page['getByTestId']>, location: DeliveryLocation, index: number) {
  await (await pinOf(map, `${index}. ${location.name}`)).click();
  await expect(page.getByRole('group', { name: `Créneaux à ${location.name}` })).toBeVisible();
}

test('the map is kept from the first visit: offline, a points page never opened draws it from the kept code, style and tiles; pins and list work; back online too', async ({ page, context, isMobile }) => {
  const fixtures = await serveMapFixtures(context);
  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  await page.goto('/');
  await controlledBySw(page);
  await catalogKept(page, 'map');
  // Only the home page was seen: the tiles around the points were fetched by the worker, and kept.
  const servedOnline = fixtures.tiles();
  expect(servedOnline).toBeGreaterThan(0);
  expect(await cached(page, TILES)).toBe(servedOnline);
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (/\/fixture\/\d+\/\d+\/\d+\.pbf$/.test(response.url()) && response.fromServiceWorker()) fromWorker.push(response.url());
  });

  await setOffline(context, fixtures, true);
  await toPointsPage(page);
  const map = await openMap(page, isMobile);
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(map.locator('canvas')).toBeVisible();
  await expect(page.getByText('La carte n’est pas disponible hors connexion', { exact: false })).toHaveCount(0);
  await expectEveryPoint(map, locations.length);
  await expect.poll(() => fromWorker.length).toBeGreaterThan(0);
  expect(fixtures.tiles()).toBe(servedOnline);
  await choosePin(page, map, locations[2]!, 3);
  await expect(page.getByRole('button', { name: new RegExp(`^${escapeRegExp(locations[2]!.name)}`) })).toHaveAttribute('aria-pressed', 'true');

  await setOffline(context, fixtures, false);
  const again = await remountMap(page, isMobile);
  await expect(again).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await choosePin(page, again, locations[0]!, 1);
});

test('offline with no cached tiles, the pins and the list still work; tiles come back with the network', async ({ page, context, isMobile }) => {
  const { fixtures, locations } = await visitMapOnline(page, context, isMobile);
  await page.evaluate((name) => caches.delete(name), TILES);
  const servedOnline = fixtures.tiles();

  await setOffline(context, fixtures, true);
  const map = await remountMap(page, isMobile);
  // The style is still cached: the map draws its background; the missing tiles leave it bare.
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expectEveryPoint(map, locations.length);
  await choosePin(page, map, locations[0]!, 1);
  expect(fixtures.tiles()).toBe(servedOnline);
  expect(await cached(page, TILES)).toBe(0);

  await setOffline(context, fixtures, false);
  const servedBefore = fixtures.tiles();
  const again = await remountMap(page, isMobile);
  await expect(again).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect.poll(fixtures.tiles).toBeGreaterThan(servedBefore);
  await expect.poll(() => cached(page, TILES)).toBeGreaterThan(0);
  await choosePin(page, again, locations[2]!, 3);
});

test('the team app offline: a page kept or never kept is drawn in the team’s frame, with its manifest, never the shop’s', async ({ page, context }) => {
  await page.goto('/equipe');
  await controlledBySw(page);
  // Through the worker this time: the page is kept.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Connexion à Popote Équipe' })).toBeVisible();
  await context.setOffline(true);
  // Kept (the page just seen), then never opened: the team's own offline shell.
  for (const path of ['/equipe', '/equipe/journal']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /^Popote\s*Équipe$/ }), path).toBeVisible();
    await expect(page.locator('link[rel="manifest"][href="/equipe/manifest.webmanifest"]').first(), path).toBeAttached();
    await expect(page.locator('link[rel="manifest"]:not([href="/equipe/manifest.webmanifest"])'), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(/Popote Équipe$/);
    // None of the shop's frame: no cart, no search, no demo banner.
    await expect(page.getByRole('button', { name: /^Panier/ }), path).toHaveCount(0);
    await expect(page.getByText('Démonstration : aucun paiement réel n’est encaissé.'), path).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Popote, retour à l’accueil' }), path).toHaveCount(0);
  }
  await context.setOffline(false);
});

test('Chromium finds the app installable (manifest, icons, worker) and the footer offers to install it', async ({ playwright, baseURL, scope }) => {
  // Chromium never offers to install from an incognito profile, which Playwright's contexts are.
  const profile = mkdtempSync(join(tmpdir(), 'popote-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, baseURL, locale: 'fr-FR' });
  // This test's time (tests/e2e/fixtures.ts): at an hour the day's orders are open, no pop-in covers the footer.
  await context.addCookies([{ name: SANDBOX_SCOPE_COOKIE, value: scope, url: baseURL! }]);
  // Counts the calls of the real offer's prompt() (the dialog itself is the browser's).
  await context.addInitScript(() => {
    const offer = (window as unknown as { BeforeInstallPromptEvent?: { prototype: { prompt: () => Promise<void> } } }).BeforeInstallPromptEvent;
    if (!offer) return;
    const prompt = offer.prototype.prompt;
    offer.prototype.prompt = function (this: unknown) {
      (window as unknown as { installPrompts: number }).installPrompts = ((window as unknown as { installPrompts?: number }).installPrompts ?? 0) + 1;
      return prompt.call(this);
    };
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlledBySw(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    // Chromium's own offer (beforeinstallprompt) becomes the footer's button; used once.
    const install = page.getByRole('contentinfo').getByRole('button', { name: 'Installer l’application' });
    // Chromium decides when to make the offer (after its own installability checks): waited for.
    await expect(install).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('ios-install')).toHaveCount(0);
    await install.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts)).toBe(1);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('on iOS Safari the footer says how to add the app to the home screen, and says nothing once it is there', async ({ browser, baseURL }) => {
  const iphone = {
    baseURL,
    locale: 'fr-FR',
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  };
  const safari = await browser.newContext(iphone);
  const page = await safari.newPage();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByTestId('ios-install')).toHaveText('Dans Safari, touchez Partager puis « Sur l’écran d’accueil ».');
  await expect(footer.getByRole('button', { name: 'Installer l’application' })).toHaveCount(0);
  await safari.close();

  // Opened from the home screen (Safari's navigator.standalone): nothing to install.
  const installed = await browser.newContext(iphone);
  await installed.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
  const app = await installed.newPage();
  await app.goto('/');
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(app.getByRole('contentinfo').getByRole('heading', { name: 'L’application Popote' })).toHaveCount(0);
  await expect(app.getByTestId('ios-install')).toHaveCount(0);
  await installed.close();
});

const withBuildCopy = test.extend<{ build: BuildCopy }, { buildServer: BuildCopy }>({
  buildServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startBuildCopy();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  build: async ({ buildServer }, use) => {
    buildServer.reset();
    await use(buildServer);
  },
  baseURL: async ({ buildServer }, use) => use(buildServer.url),
});

const notice = (page: Page) => page.getByTestId('update-notice');
/**
 * The builds whose offline shell the precache holds (null when no worker controls the page). The
 * precache keys a file by its revision, `/__shell?__WB_REVISION__=<build>`, and the shell's revision
 * is the worker's build: a new worker adds its shell as it installs, and removes the others' once it
 * has taken over. Read from the page: the worker is not asked anything.
 */
const keptShells = (page: Page) =>
  page.evaluate(async (shell) => {
    if (!navigator.serviceWorker.controller) return null;
    const builds: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname === shell) builds.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return builds.sort();
  }, SHELL_PATH);

withBuildCopy('a new build is announced and applied on the customer’s click, even offline', async ({ page, context, build }) => {
  await page.goto('/');
  await controlledBySw(page);
  await catalogKept(page);
  await expect(notice(page)).toHaveCount(0);
  const opened = await keptShells(page);
  expect(opened).toHaveLength(1);
  const first = opened![0]!;

  const next = build.publishNewBuild();
  // Opening the app again asks for the worker anew; the new one installs (the whole precache
  // downloaded again: a long while on a busy machine) and waits. Its state is what is waited for.
  await page.reload();
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 45_000 })
    .toBe(true);
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText('Une nouvelle version est disponible');
  // Nothing applied yet: the page still runs the version it was opened with (the worker that took
  // over would have removed its shell), the new one installed beside it.
  expect(await page.evaluate(async () => navigator.serviceWorker.controller === (await navigator.serviceWorker.getRegistration())?.active)).toBe(true);
  expect(await keptShells(page)).toEqual([first, next].sort());

  // In a tunnel: the new version is already installed, so applying it needs no network.
  await context.setOffline(true);
  // Taking over reloads the page under the new worker: wait for that reload, then for the new
  // worker's cleanup (its activation removes the older build's shell).
  const reloaded = page.waitForEvent('load');
  await notice(page).getByRole('button', { name: 'Mettre à jour' }).click();
  await reloaded;
  await expect.poll(() => keptShells(page)).toEqual([next]);
  // The page drawn offline by the new worker: the older build's kept pages are gone with it, so
  // this is its offline shell, drawing the route from the persisted catalog.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  await context.setOffline(false);
  await page.reload();
  expect(await keptShells(page)).toEqual([next]);
  await expect(notice(page)).toHaveCount(0);
});

withBuildCopy('the new-version notice waits while the payment modal is open, and shows once it is closed', async ({ page, build }, info) => {
  await customerWithCart(page, `${info.project.name}-update`);
  await controlledBySw(page);
  await openPayment(page);

  build.publishNewBuild();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
  // The page has learnt of it (workbox-window checks the worker stays waiting), and keeps it quiet.
  await expect(page.locator('html[data-update-ready]')).toBeAttached();
  await expect(notice(page)).toHaveCount(0);
  await expect(recap(page)).toBeVisible();

  // Back to the cart: still a modal, still no notice.
  await recap(page).getByRole('button', { name: /Retour au panier/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  await cart.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(cart).toBeHidden();
  await expect(notice(page)).toBeVisible();
});
