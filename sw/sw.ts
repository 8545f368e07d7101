/// <reference lib="WebWorker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import type { CoverImage } from '#shared/api/cover-image';
import { publicReadUrl } from '#shared/api/public-reads';
import { DEFAULT_MAP_STYLE_URL, HOMEPAGE_PRODUCTS, MAP } from '#shared/constants';
import { offlineVariant, photoKeyOf } from '#shared/cover-rules';
import { SHELL_PATH, shellPathOf } from '#shared/paths';
import { MAP_CODE, MAP_WARM_BUDGET_BYTES, MAP_WARM_MAX_ZOOM, sourcesOf, styleFilesOf, tileJsonSource, tilesAround, tileUrl, type LngLat, type MapStyle, type TileSource } from './map-warm';
import { noticeOf, openNotice, pushData, type NoticeClients } from './notices';
import { mapOriginsOf, NAVIGATION_DENYLIST, pagesCacheOf, paymentReturnFallback, RUNTIME_CACHES, runtimeKind, staleCaches, STRATEGIES, type RuntimeKind } from './routes';

declare let self: ServiceWorkerGlobalScope;

// The build injects its precache list here, in place of the one and only mention of it.
const PRECACHE = self.__WB_MANIFEST;
/** This worker's build: the offline shell's revision, new with each build. */
const shellEntry = PRECACHE.find((entry) => typeof entry !== 'string' && entry.url === SHELL_PATH);
const BUILD = (typeof shellEntry === 'object' && shellEntry.revision) || 'dev';
const PAGES_CACHE = pagesCacheOf(String(BUILD));

/** The map's code is left out of the install (it is large) and fetched with the map's warm-up instead. */
const pathOf = (entry: (typeof PRECACHE)[number]) => `/${typeof entry === 'string' ? entry : entry.url}`;
const MAP_CODE_URLS = PRECACHE.map(pathOf).filter((path) => MAP_CODE.test(path));
precacheAndRoute(PRECACHE.filter((entry) => !MAP_CODE.test(pathOf(entry))));
cleanupOutdatedCaches();

const DAY_S = 24 * 60 * 60;
/** How long a navigation waits for the network before the kept copy is shown. */
const NAVIGATION_TIMEOUT_S = 3;
/** Bounds of each runtime cache: entries and age; a full disk empties them first (purgeOnQuotaError). */
const LIMITS: Record<RuntimeKind, { maxEntries: number; maxAgeSeconds: number }> = {
  menus: { maxEntries: 60, maxAgeSeconds: 7 * DAY_S },
  products: { maxEntries: 200, maxAgeSeconds: 7 * DAY_S },
  deliveryLocations: { maxEntries: 60, maxAgeSeconds: 7 * DAY_S },
  shopOpen: { maxEntries: 5, maxAgeSeconds: 7 * DAY_S },
  settings: { maxEntries: 2, maxAgeSeconds: 7 * DAY_S },
  mapStyle: { maxEntries: 80, maxAgeSeconds: 30 * DAY_S },
  mapTiles: { maxEntries: 600, maxAgeSeconds: 30 * DAY_S },
  images: { maxEntries: 150, maxAgeSeconds: 30 * DAY_S },
  assets: { maxEntries: 30, maxAgeSeconds: 60 * DAY_S },
};

/**
 * A dish photo comes in several variants (/media/<hash>-<width>.<ext>) and the browser picks one
 * by screen; the warm-up keeps one per dish. Offline, a variant not kept is answered with any kept
 * variant of the same photo: a little blurrier or sharper, never a broken picture.
 */
const samePhotoFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const key = photoKeyOf(new URL(request.url).pathname);
    if (!key) return undefined;
    const cache = await caches.open(RUNTIME_CACHES.images);
    const kept = (await cache.keys()).find((r) => new URL(r.url).pathname.startsWith(key));
    return kept ? cache.match(kept) : undefined;
  },
};

function strategyFor(kind: RuntimeKind): Strategy {
  const options = {
    cacheName: RUNTIME_CACHES[kind],
    plugins: [
      // Only real answers are kept: no error page, no opaque response standing in for a tile.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ ...LIMITS[kind], purgeOnQuotaError: true }),
      ...(kind === 'images' ? [samePhotoFallback] : []),
    ],
  };
  switch (STRATEGIES[kind]) {
    case 'network-first':
      // A lift or a tram: after 3 s without an answer, the last copy is better than a spinner.
      return new NetworkFirst({ ...options, networkTimeoutSeconds: 3 });
    case 'stale-while-revalidate':
      return new StaleWhileRevalidate(options);
    case 'cache-first':
      return new CacheFirst(options);
  }
}

/**
 * Pages come from the server, drawn with their data. A page answered in time is kept; with no
 * answer within NAVIGATION_TIMEOUT_S (a lift, a tram, lie-fi) the copy kept of that page is shown,
 * and without one the offline shell, which draws the route from the persisted catalog. API and
 * sandbox paths are never answered this way.
 */
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true })],
});
/** Each app's own shell: a team page never kept is drawn in the team's frame, with its manifest. */
const offlineShell = async (url: URL) => (await matchPrecache(shellPathOf(url.pathname))) ?? Response.error();
registerRoute(
  new NavigationRoute(
    async (options) => {
      const network = pages.handle(options);
      network.catch(() => undefined);
      // Past its timeout NetworkFirst answers with the kept copy, but without one it goes on
      // waiting for the network: a page never visited (or the way back from the card payment,
      // whose address is new each time), on a stalled line, stayed a blank tab for minutes. The
      // shell answers then (the page's answer, should it come later, is still kept).
      const noCopy = new Promise<Response>((resolve) => setTimeout(() => resolve(offlineShell(options.url)), NAVIGATION_TIMEOUT_S * 1000 + 500));
      try {
        return await Promise.race([network, noCopy]);
      } catch {
        return offlineShell(options.url);
      }
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

// The way back from the payment page: the server's answer when it comes, else the order page,
// which checks the pending payment as soon as the network allows.
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && paymentReturnFallback(url, self.location.origin) !== null,
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      return Response.redirect(paymentReturnFallback(url, self.location.origin)!, 303);
    }
  },
);

const MAP_STYLE_URL = import.meta.env.VITE_MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL;
const context = { origin: self.location.origin, mapOrigins: mapOriginsOf(MAP_STYLE_URL) };
/** One strategy per kind: the routes answer with them, the warm-ups fill the caches through them. */
const strategies = Object.fromEntries((Object.keys(RUNTIME_CACHES) as RuntimeKind[]).map((kind) => [kind, strategyFor(kind)])) as Record<RuntimeKind, Strategy>;
for (const kind of Object.keys(RUNTIME_CACHES) as RuntimeKind[]) {
  registerRoute(({ url, request }) => runtimeKind({ url, method: request.method, destination: request.destination }, context) === kind, strategies[kind]);
}

/**
 * Pages come with their data inside, so browsing online fills no API cache. The worker fetches what
 * the offline shell reads itself: the shop's opening and settings, the day's formulas and dishes
 * (each dish's detail and picture too) and the delivery points, about 80 small answers (under
 * 1 MB), when a page asks after loading (at most every WARM_EVERY_MS). Then the map around those
 * points (sw/map-warm.ts: its code, style and tiles, within MAP_WARM_BUDGET_BYTES), so the points
 * page draws its map offline on a phone that never opened it.
 */
const WARM_EVERY_MS = 10 * 60 * 1000;
let lastWarm = 0;
let warming: Promise<void> = Promise.resolve();
let mapWarming: Promise<void> = Promise.resolve();
/** The screen's pixel ratio as the page told it: which sprite sheet MapLibre will ask for. */
let pixelRatio = 1;
/** The latest fetch of the catalog (and then of the map), started anew when the previous one is old enough. */
function warm(event: ExtendableEvent): Promise<void> {
  if (Date.now() - lastWarm >= WARM_EVERY_MS) {
    lastWarm = Date.now();
    const points = warmCatalog().catch(() => []);
    warming = points.then(() => undefined);
    mapWarming = points.then((kept) => warmMap(kept, event)).catch(() => undefined);
  }
  return warming;
}
/** Keeps the catalog; answers the delivery points it kept (the map's warm-up fetches around them). */
async function warmCatalog(): Promise<LngLat[]> {
  const keep = async (kind: RuntimeKind, url: string): Promise<Response | null> => {
    const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
    if (!response || response.status !== 200) return null;
    await (await caches.open(RUNTIME_CACHES[kind])).put(url, response.clone());
    return response;
  };
  const shop = await keep('shopOpen', publicReadUrl('shopOpen'));
  await keep('settings', publicReadUrl('settings'));
  const date = shop ? ((await shop.json()) as { current_delivery_date: string | null }).current_delivery_date : null;
  if (!date) return [];
  const [, locations] = await Promise.all([
    keep('menus', publicReadUrl('menus', { date })),
    keep('deliveryLocations', publicReadUrl('deliveryLocations', { date })),
    keep('products', publicReadUrl('shuffle', { number: HOMEPAGE_PRODUCTS, date })),
  ]);
  const products = await keep('products', publicReadUrl('dayProducts', { date }));
  const dishes = products ? ((await products.json()) as { slug: string; cover_url: string | null; cover?: CoverImage | null }[]) : [];
  for (const dish of dishes) {
    await keep('products', publicReadUrl('product', { date }, dish.slug));
    // A photo: the variant a card asks for (the others fall back to it offline); a drawing: itself.
    const picture = (dish.cover && offlineVariant(dish.cover)?.url) ?? dish.cover_url;
    if (picture) await keep('images', picture);
  }
  return locations ? ((await locations.json()) as LngLat[]) : [];
}

/**
 * The map ahead of a visit, through the routes' own strategies (what is already kept is not fetched
 * again; the caches' bounds hold): the map's code, its style with the TileJSON, sprites and glyphs
 * it names, then the tiles around the points from the widest zoom in, until MAP_WARM_BUDGET_BYTES
 * are kept. Not on a connection that asks to save data.
 */
async function warmMap(points: readonly LngLat[], event: ExtendableEvent): Promise<void> {
  const connection = (navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || points.length === 0) return;
  let kept = 0;
  const full = () => kept >= MAP_WARM_BUDGET_BYTES;
  const keep = async (kind: RuntimeKind, url: string): Promise<Response | null> => {
    if (full()) return null;
    // handleAll, not handle: handle answers before the strategy has written the cache, and what
    // is warmed must be kept once the warm-up says it is over (the page goes offline on that word).
    const [answered, written] = strategies[kind].handleAll({ request: new Request(url), event });
    const response = await answered.catch(() => null);
    await written.catch(() => undefined);
    if (!response?.ok) return null;
    kept += (await response.clone().arrayBuffer()).byteLength;
    return response;
  };
  for (const url of MAP_CODE_URLS) await keep('assets', url);
  const answer = await keep('mapStyle', MAP_STYLE_URL);
  if (!answer) return;
  const style = (await answer.json()) as MapStyle;
  const { inline, tileJson } = sourcesOf(style);
  const sources: TileSource[] = [...inline];
  for (const url of tileJson) {
    const doc = await keep('mapStyle', url);
    const source = doc && tileJsonSource((await doc.json()) as Parameters<typeof tileJsonSource>[0]);
    if (source) sources.push(source);
  }
  for (const file of styleFilesOf(style, pixelRatio)) await keep('mapStyle', file);
  for (const source of sources) {
    const tiles = tilesAround(points, Math.max(MAP.minZoom, source.minzoom), Math.min(MAP_WARM_MAX_ZOOM, source.maxzoom));
    // A few at a time: quicker than one by one, without crowding the customer's own requests.
    for (let i = 0; i < tiles.length && !full(); i += 4) {
      await Promise.all(tiles.slice(i, i + 4).map((tile) => keep('mapTiles', tileUrl(source.template, tile))));
    }
  }
}

// Runtime caches of older versions go when this version takes over (the precache cleans itself).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(staleCaches(names, [...Object.values(RUNTIME_CACHES), PAGES_CACHE]).map((name) => caches.delete(name)))),
  );
});

// A new version waits until the customer asks for it (never in the middle of a payment or a form).
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Not on activation itself: taking over (and a customer's update) must not wait for 80 answers.
  // A port, when given, hears when the catalog is kept, or with `until: 'map'` the map as well
  // (tests wait for it before going offline).
  if (type === 'WARM') {
    const data = event.data as { pixelRatio?: number; until?: 'map' };
    if (typeof data.pixelRatio === 'number') pixelRatio = data.pixelRatio;
    const done = warm(event);
    // The worker stays alive through the map's warm-up too; the port hears at the point asked for.
    event.waitUntil(Promise.all([(data.until === 'map' ? mapWarming : done).then(() => event.ports[0]?.postMessage('warm')), mapWarming]));
  }
});

// The first install has no page to disturb: take control at once so the shell works offline.
clientsClaim();

// A push (docs/product/notifications.md): shown at once, whatever the page's state; a newer notice
// of the same order replaces the older one (its tag).
self.addEventListener('push', (event) => {
  const notice = noticeOf(pushData(() => event.data?.json()), self.location.origin);
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

// A tap on a notice opens its order in the account: an open window of the shop is brought forward
// and taken there, else a new one is opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotice(event.notification.data, self.location.origin, self.clients as unknown as NoticeClients));
});
