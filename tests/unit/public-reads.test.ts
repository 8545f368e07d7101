import { describe, expect, it } from 'vitest';
import { isPublicReadKey, PUBLIC_READS, publicReadOf, publicReadUrl } from '#shared/api/public-reads';

describe('the public reads, written once', () => {
  it('names the read of a path, with its parameter', () => {
    expect(publicReadOf('/api/menus')?.name).toBe('menus');
    expect(publicReadOf('/api/menus/42')).toMatchObject({ name: 'menu', param: '42' });
    expect(publicReadOf('/api/menus/abc')).toBeNull();
    expect(publicReadOf('/api/products/shuffle')?.name).toBe('shuffle');
    expect(publicReadOf('/api/products/quenelle%20de%20brochet')).toMatchObject({ name: 'product', param: 'quenelle%20de%20brochet' });
    expect(publicReadOf('/api/products/a/b')).toBeNull();
    expect(publicReadOf('/api/delivery-locations/search')?.name).toBe('deliverySearch');
    expect(publicReadOf('/api/state/shop-open')?.name).toBe('shopOpen');
    // Personal answers are no public read.
    for (const path of ['/api/state', '/api/cart', '/api/me', '/api/pending-order', '/api/settingsx']) expect(publicReadOf(path)).toBeNull();
  });

  it('writes a read’s address as the client, the worker and the server all ask for it', () => {
    expect(publicReadUrl('menus', { date: '2026-03-12' })).toBe('/api/menus?date=2026-03-12');
    expect(publicReadUrl('menus', { date: null })).toBe('/api/menus');
    expect(publicReadUrl('shuffle', { number: 8, date: '2026-03-12' })).toBe('/api/products/shuffle?number=8&date=2026-03-12');
    expect(publicReadUrl('product', { date: '2026-03-12' }, 'œuf/mayo')).toBe('/api/products/%C5%93uf%2Fmayo?date=2026-03-12');
    expect(publicReadUrl('deliverySearch', { search: 'place bellecour' })).toBe('/api/delivery-locations/search?search=place%20bellecour');
  });

  it('persists for offline reading the queries of the public reads only', () => {
    expect(isPublicReadKey(['menus', '2026-03-12'])).toBe(true);
    expect(isPublicReadKey(['products', 'day', null])).toBe(true);
    expect(isPublicReadKey(['products', 'quenelle', '2026-03-12'])).toBe(true);
    expect(isPublicReadKey(['state', 'shop-open'])).toBe(true);
    expect(isPublicReadKey(['settings'])).toBe(true);
    expect(isPublicReadKey(['state'])).toBe(false);
    expect(isPublicReadKey(['me'])).toBe(false);
  });

  it('marks every read a page may make', () => {
    const pageReads = Object.entries(PUBLIC_READS).filter(([, read]) => read.page).map(([name]) => name);
    expect(pageReads).toEqual(['shopOpen', 'settings', 'menus', 'menu', 'shuffle', 'dayProducts', 'product', 'deliveryLocations']);
  });
});
