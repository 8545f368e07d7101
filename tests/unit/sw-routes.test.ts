import { describe, expect, it } from 'vitest';
import { mapOriginsOf, NAVIGATION_DENYLIST, paymentReturnFallback, RUNTIME_CACHES, runtimeKind, staleCaches, STRATEGIES } from '../../sw/routes';

const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));

const ORIGIN = 'https://popote.example';
const context = { origin: ORIGIN, mapOrigins: mapOriginsOf('https://tiles.openfreemap.org/styles/liberty') };
const kindOf = (url: string, method = 'GET', destination = '') => runtimeKind({ url: new URL(url, ORIGIN), method, destination }, context);
const strategyOf = (url: string, method = 'GET', destination = '') => {
  const kind = kindOf(url, method, destination);
  return kind && { strategy: STRATEGIES[kind], cache: RUNTIME_CACHES[kind] };
};

describe('service worker navigation fallback', () => {
  it('serves every app route from the shell', () => {
    for (const path of ['/', '/passer-commande', '/passer-commande/quenelle', '/compte/mot-de-passe/abc', '/mentions-legales']) {
      expect(denied(path)).toBe(false);
    }
  });

  it('never answers API or sandbox navigations with the shell', () => {
    for (const path of ['/api/pdfs/invoices/3', '/__sandbox', '/__sandbox/mailbox']) expect(denied(path)).toBe(true);
  });
});

describe('service worker runtime caching: which request gets which strategy', () => {
  it('answers the catalogue reads network first (3 s), each kind in its own versioned cache', () => {
    expect(strategyOf('/api/menus?date=2026-03-12')).toEqual({ strategy: 'network-first', cache: 'popote-api-menus-v1' });
    expect(strategyOf('/api/menus/4')).toEqual({ strategy: 'network-first', cache: 'popote-api-menus-v1' });
    expect(strategyOf('/api/products?date=2026-03-12')).toEqual({ strategy: 'network-first', cache: 'popote-api-products-v1' });
    expect(strategyOf('/api/products/12')).toEqual({ strategy: 'network-first', cache: 'popote-api-products-v1' });
    expect(strategyOf('/api/products/shuffle')).toEqual({ strategy: 'network-first', cache: 'popote-api-products-v1' });
    expect(strategyOf('/api/delivery-locations?date=2026-03-12')).toEqual({ strategy: 'network-first', cache: 'popote-api-delivery-locations-v1' });
    expect(strategyOf('/api/delivery-locations/search?term=bellecour')).toEqual({ strategy: 'network-first', cache: 'popote-api-delivery-locations-v1' });
    expect(strategyOf('/api/state/shop-open')).toEqual({ strategy: 'network-first', cache: 'popote-api-shop-open-v1' });
  });

  it('keeps the map style, sprites and glyphs stale-while-revalidate, and tiles cache first', () => {
    const style = { strategy: 'stale-while-revalidate', cache: 'popote-map-style-v1' };
    expect(strategyOf('https://tiles.openfreemap.org/styles/liberty')).toEqual(style);
    expect(strategyOf('https://tiles.openfreemap.org/planet')).toEqual(style); // TileJSON
    expect(strategyOf('https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.json')).toEqual(style);
    expect(strategyOf('https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.png')).toEqual(style);
    expect(strategyOf('https://tiles.openfreemap.org/fonts/Noto%20Sans%20Regular/0-255.pbf')).toEqual(style);
    const tiles = { strategy: 'cache-first', cache: 'popote-map-tiles-v1' };
    expect(strategyOf('https://tiles.openfreemap.org/planet/20250101_001001_pt/14/8411/5848.pbf')).toEqual(tiles);
    expect(strategyOf('https://tiles.openfreemap.org/fixture/14/8411/5848.pbf')).toEqual(tiles);
    expect(strategyOf('https://tiles.openfreemap.org/raster/12/2102/1462@2x.png', 'GET', 'image')).toEqual(tiles);
  });

  it('follows the map service configured at build (VITE_MAP_STYLE_URL)', () => {
    const own = { origin: ORIGIN, mapOrigins: mapOriginsOf('https://maps.example.fr/styles/popote.json?key=abc') };
    expect(runtimeKind({ url: new URL('https://maps.example.fr/tiles/v3/13/4205/2924.pbf'), method: 'GET', destination: '' }, own)).toBe('mapTiles');
    expect(runtimeKind({ url: new URL('https://maps.example.fr/styles/popote.json?key=abc'), method: 'GET', destination: '' }, own)).toBe('mapStyle');
    expect(runtimeKind({ url: new URL('https://tiles.openfreemap.org/styles/liberty'), method: 'GET', destination: '' }, own)).toBeNull();
    expect(mapOriginsOf('not a url')).toEqual([]);
    expect(mapOriginsOf('/styles/local.json')).toEqual([]);
  });

  it('keeps pictures cache first, and the build files left out of the precache (the map chunk, its worker)', () => {
    const images = { strategy: 'cache-first', cache: 'popote-images-v1' };
    expect(strategyOf('/images/dishes/quenelle.jpg', 'GET', 'image')).toEqual(images);
    expect(strategyOf('/images/marketing/triporteur.svg')).toEqual(images);
    expect(strategyOf('/favicon.svg', 'GET', 'image')).toEqual(images);
    expect(strategyOf('https://cdn.example.fr/dish.webp', 'GET', 'image')).toEqual(images);
    // The dish photos' variants, from a <picture> or fetched ahead by the offline warm-up.
    expect(strategyOf('/media/0123456789abcdef-640.avif', 'GET', 'image')).toEqual(images);
    expect(strategyOf('/media/0123456789abcdef-320.webp')).toEqual(images);
    expect(strategyOf('/assets/delivery-map-Bx12.js', 'GET', 'script')).toEqual({ strategy: 'cache-first', cache: 'popote-assets-v1' });
    expect(strategyOf('/assets/maplibre-gl-worker-a1b2.js', 'GET', 'worker')).toEqual({ strategy: 'cache-first', cache: 'popote-assets-v1' });
  });

  it('never caches the cart, the account, authentication, payments, vouchers, the sandbox or any non-GET', () => {
    const never = [
      '/api/cart',
      '/api/cart/products',
      '/api/me',
      '/api/state',
      '/api/csrf-cookie',
      '/api/login',
      '/api/logout',
      '/api/register',
      '/api/auth/password/email',
      '/api/payment',
      '/api/payment/paygreen/return?payment_status=success',
      '/api/payment/paygreen/po_123/order',
      '/api/payment/edenred/order-details',
      '/api/pending-order',
      '/api/edenred/balance',
      '/api/edenred/oauth-url',
      '/api/edenred/callback?code=abc',
      '/api/deliveries',
      '/api/pdfs/invoices/3',
      '/api/health',
      '/__sandbox',
      '/__sandbox/mailbox.json',
      '/__sandbox/paygreen/pay/po_123',
      '/__sandbox/images/logo.png',
    ];
    for (const path of never) {
      expect(kindOf(path), path).toBeNull();
      expect(kindOf(path, 'GET', 'image'), path).toBeNull();
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/menus', '/api/products', '/api/delivery-locations', '/api/state/shop-open', '/api/cart/menus', '/images/dishes/a.jpg']) {
        expect(kindOf(path, method), `${method} ${path}`).toBeNull();
      }
      expect(kindOf('https://tiles.openfreemap.org/fixture/14/1/2.pbf', method)).toBeNull();
    }
  });

  it('leaves other requests to the network: pages, other sites, the geocoder', () => {
    expect(kindOf('/manifest.webmanifest')).toBeNull();
    expect(kindOf('/edenred-callback.js', 'GET', 'script')).toBeNull();
    expect(kindOf('https://api-adresse.data.gouv.fr/search/?q=bellecour')).toBeNull();
    expect(kindOf('https://tiles.openfreemap.org.evil.example/styles/liberty')).toBeNull();
    // Not catalogue paths, though they start alike.
    expect(kindOf('/api/menusx')).toBeNull();
    expect(kindOf('/api/state/shop-open/extra')).toBeNull();
  });
});

describe('service worker cache cleanup on activate', () => {
  it('deletes older versions and strays, keeps the current caches and the precache', () => {
    const names = [
      'workbox-precache-v2-https://popote.example/',
      'workbox-precache-v2-https://popote.example/-temp',
      'popote-api-menus-v1',
      'popote-api-menus-v0',
      'popote-map-tiles-v1',
      'popote-tiles',
      'workbox-runtime-https://popote.example/',
    ];
    expect(staleCaches(names)).toEqual(['popote-api-menus-v0', 'popote-tiles', 'workbox-runtime-https://popote.example/']);
  });

  it('names every cache with its version', () => {
    for (const name of Object.values(RUNTIME_CACHES)) expect(name).toMatch(/^popote-[a-z-]+-v\d+$/);
  });
});

describe('service worker: the way back from the payment page on a dead connection', () => {
  const origin = 'https://popote.example';
  it('goes to the order page with the payment pending, so the app checks it once online', () => {
    expect(paymentReturnFallback(new URL(`${origin}/api/payment/paygreen/return?po_id=po_123`), origin)).toBe('/passer-commande?payment_status=pending&po_id=po_123');
  });
  it('without a payment id, says refused (nothing to check)', () => {
    expect(paymentReturnFallback(new URL(`${origin}/api/payment/paygreen/return`), origin)).toBe('/passer-commande?payment_status=refused');
  });
  it('concerns that path of this shop only', () => {
    expect(paymentReturnFallback(new URL(`${origin}/api/payment/paygreen/notification`), origin)).toBeNull();
    expect(paymentReturnFallback(new URL('https://elsewhere.example/api/payment/paygreen/return?po_id=x'), origin)).toBeNull();
  });
});
