import { publicReadOf } from '#shared/api/public-reads';
import { SERVER_PATH } from '#shared/paths';

/** Paths a navigation must never be answered from the shell for (they are server pages). */
export const NAVIGATION_DENYLIST = [SERVER_PATH];

/**
 * The runtime caches, one per kind of resource. Bump a name's version when what it holds changes
 * shape: the worker deletes every cache not listed here when it activates.
 */
export const RUNTIME_CACHES = {
  menus: 'popote-api-menus-v1',
  products: 'popote-api-products-v1',
  deliveryLocations: 'popote-api-delivery-locations-v1',
  shopOpen: 'popote-api-shop-open-v1',
  settings: 'popote-api-settings-v1',
  mapStyle: 'popote-map-style-v1',
  mapTiles: 'popote-map-tiles-v1',
  images: 'popote-images-v1',
  assets: 'popote-assets-v1',
} as const;

export type RuntimeKind = keyof typeof RUNTIME_CACHES;
export type Strategy = 'network-first' | 'stale-while-revalidate' | 'cache-first';

/** How each kind is answered (docs/offline.md). */
export const STRATEGIES: Record<RuntimeKind, Strategy> = {
  menus: 'network-first',
  products: 'network-first',
  deliveryLocations: 'network-first',
  shopOpen: 'network-first',
  settings: 'network-first',
  mapStyle: 'stale-while-revalidate',
  mapTiles: 'cache-first',
  images: 'cache-first',
  assets: 'cache-first',
};

/**
 * Never cached, whatever else matches: the cart, the account, authentication, payments and
 * vouchers, orders and invoices, forms, the session's state (cart and customer inside), and the
 * sandbox. Checked first; besides, only the catalogue paths below are cached at all.
 */
export const NEVER_CACHED =
  /^\/(api\/(cart|me|login|logout|register|auth|csrf-cookie|payment|pending-order|edenred|deliveries|contact|landing-page|newsletter|pdfs|health)(\/|$)|api\/state\/?$|__sandbox(\/|$))/;

/** A map tile ({z}/{x}/{y}, vector or raster); glyphs ({start}-{end}.pbf) and sprites are not. */
const TILE = /\/\d+\/\d+\/\d+(@\dx)?\.(pbf|mvt|png|jpe?g|webp)$/;

export interface RequestFacts {
  url: URL;
  method: string;
  /** `Request.destination` ('image', 'script', '' for fetch…). */
  destination: string;
}

export interface RouteContext {
  /** The app's own origin (`self.location.origin`). */
  origin: string;
  /** Origins of the map service: the style's (VITE_MAP_STYLE_URL), whose sprites, glyphs and tiles share it. */
  mapOrigins: readonly string[];
}

/** Which runtime cache answers a request, or null: straight to the network, never stored. */
export function runtimeKind({ url, method, destination }: RequestFacts, { origin, mapOrigins }: RouteContext): RuntimeKind | null {
  if (method !== 'GET') return null;
  if (url.origin === origin) {
    const path = url.pathname;
    if (NEVER_CACHED.test(path)) return null;
    // The catalogue reads a customer browses offline (src/shared/api/public-reads.ts), each in its cache.
    const found = publicReadOf(path);
    if (found) return found.read.cache;
    if (SERVER_PATH.test(path)) return null;
    // Content-hashed build files left out of the precache (the map and its worker).
    if (path.startsWith('/assets/')) return 'assets';
    // Drawings and icons (/images/), the dish photos' variants (/media/, however fetched), any picture.
    if (path.startsWith('/images/') || path.startsWith('/media/') || destination === 'image') return 'images';
    return null;
  }
  if (mapOrigins.includes(url.origin)) return TILE.test(url.pathname) ? 'mapTiles' : 'mapStyle';
  // Other sites' pictures: cached only when they answer a readable 200 (CORS).
  if (destination === 'image') return 'images';
  return null;
}

/** The origin of the map style URL, or none when it is not a valid absolute URL. */
export function mapOriginsOf(styleUrl: string): string[] {
  try {
    const url = new URL(styleUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * Where a payment return goes when the network fails on the way back from the provider's page:
 * to the order page, told the payment is pending, so the app checks the order as soon as it can
 * (the server settles it then) instead of the browser's error page. Null for any other request.
 */
export function paymentReturnFallback(url: URL, origin: string): string | null {
  if (url.origin !== origin || url.pathname !== '/api/payment/paygreen/return') return null;
  const poId = url.searchParams.get('po_id');
  const target = new URLSearchParams({ payment_status: poId ? 'pending' : 'refused', ...(poId ? { po_id: poId } : {}) });
  return `/passer-commande?${target}`;
}

/** Caches to delete on activate: ours of older versions and any other stray cache, never the precache. */
/**
 * The pages kept as the server rendered them (navigations, network first), one cache per build: a
 * page names its build's assets, so an older build's pages go when a newer worker takes over.
 */
export const pagesCacheOf = (build: string) => `popote-pages-${build}`;

export function staleCaches(names: readonly string[], current: readonly string[] = Object.values(RUNTIME_CACHES)): string[] {
  return names.filter((name) => !current.includes(name) && !name.startsWith('workbox-precache'));
}
