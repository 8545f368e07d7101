import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { ReadCache } from '../../server/lib/read-cache';
import { importCatalog } from '../../server/modules/catalog/catalog-import.service';
import { menusSchema, productDetailSchema, productListSchema } from '#shared/api/catalog';
import { deliveryLocationsSchema } from '#shared/api/delivery';
import { fixtures } from './fixtures';
import { MONDAY, createTestApp, visitor, type TestApp } from './helpers';

/*
 * The catalog, delivery points and settings are answered from in-process copies
 * (server/lib/read-cache.ts) that the database's change notifications drop (migration 0008).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const get = (url: string, etag?: string) => app.app.inject({ url, headers: etag ? { 'if-none-match': etag } : {} });

async function dish(slug: string) {
  const [row] = await db().select().from(t.products).where(eq(t.products.slug, slug));
  return row!;
}

const { setStock } = fixtures(() => app);

describe('ETag and 304', () => {
  it.each(['/api/menus', '/api/products', '/api/delivery-locations', '/api/products/salade-lyonnaise', '/api/menus/1'])(
    '%s answers 304 to its own ETag, the same ETag while nothing changes',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // A list of tags, and the weak form a proxy may have made of it, match too.
      expect((await get(url, `"other", W/${etag}`)).statusCode).toBe(304);
      const third = await get(url);
      expect(third.headers.etag).toBe(etag);
      expect(third.body).toBe(first.body);
    },
  );

  it('answers 200 with the body to a stale ETag', async () => {
    const res = await get('/api/menus', '"not-this-one"');
    expect(res.statusCode).toBe(200);
    expect(menusSchema.parse(res.json()).length).toBeGreaterThan(0);
  });
});

describe('invalidation', () => {
  it('a reservation that sells a dish out changes its sold_out everywhere at once, and giving it back restores it', async () => {
    const tatin = await dish('tarte-tatin');
    const [{ reserved }] = (await db()
      .select({ reserved: t.productAvailabilities.reserved })
      .from(t.productAvailabilities)
      .where(and(eq(t.productAvailabilities.productId, tatin.id), eq(t.productAvailabilities.date, MONDAY)))) as [{ reserved: number }];
    await setStock(tatin.id, reserved + 1);
    try {
      const soldOut = async () => {
        const products = productListSchema.parse((await get('/api/products')).json());
        const detail = productDetailSchema.parse((await get(`/api/products/${tatin.slug}`)).json());
        expect(detail.sold_out).toBe(products.find((p) => p.id === tatin.id)!.sold_out);
        return detail.sold_out;
      };
      const before = await get('/api/products');
      expect(await soldOut()).toBe(false);

      const v = await visitor(app.app);
      expect((await v.request('POST', '/api/cart/products', { id: tatin.id })).statusCode).toBe(200);
      expect(await soldOut()).toBe(true);
      const after = await get('/api/products', before.headers.etag as string);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);

      expect((await v.request('POST', '/api/cart/decrement', { id: `product-${tatin.id}` })).statusCode).toBe(200);
      expect(await soldOut()).toBe(false);
    } finally {
      await setStock(tatin.id, null);
    }
  });

  it('a reservation that sells nothing out keeps the copies (and their ETag)', async () => {
    const salade = await dish('salade-lyonnaise');
    const before = await get('/api/menus');
    const v = await visitor(app.app);
    expect((await v.request('POST', '/api/cart/products', { id: salade.id })).statusCode).toBe(200);
    expect((await get('/api/menus', before.headers.etag as string)).statusCode).toBe(304);
  });

  it('a catalog import is seen by the next read', async () => {
    const date = '2026-11-24';
    const url = `/api/products?date=${date}`;
    const before = productListSchema.parse((await get(url)).json());
    expect(before.map((p) => p.slug)).toContain('tarte-tatin');
    await importCatalog(db(), {
      dates: [date],
      products: [],
      availability: [
        { slug: 'salade-lyonnaise', stock: 10 },
        { slug: 'tarte-tatin', stock: null },
      ],
    });
    expect(productListSchema.parse((await get(url)).json()).map((p) => p.slug).sort()).toEqual(['salade-lyonnaise', 'tarte-tatin']);
    const menus = menusSchema.parse((await get(`/api/menus?date=${date}`)).json());
    const offered = new Set(menus.flatMap((m) => m.categories.flatMap((c) => c.products.map((p) => p.slug))));
    expect([...offered].every((slug) => ['salade-lyonnaise', 'tarte-tatin'].includes(slug))).toBe(true);
  });

  it('a change made behind the app’s back (SQL) is seen too: delivery points and settings', async () => {
    const before = deliveryLocationsSchema.parse((await get('/api/delivery-locations')).json());
    const [first] = before;
    await db().update(t.deliveryLocations).set({ name: 'Place Bellecour (fontaine)' }).where(eq(t.deliveryLocations.id, first!.id));
    const after = deliveryLocationsSchema.parse((await get('/api/delivery-locations')).json());
    expect(after.find((l) => l.id === first!.id)!.name).toBe('Place Bellecour (fontaine)');

    const state = async () => (await app.app.inject('/api/state')).json() as { settings: Record<string, string> };
    const cutlery = (await state()).settings.enable_cutlery;
    await db().update(t.settings).set({ value: cutlery === '1' ? '0' : '1' }).where(eq(t.settings.name, 'enable_cutlery'));
    try {
      expect((await state()).settings.enable_cutlery).toBe(cutlery === '1' ? '0' : '1');
    } finally {
      await db().update(t.settings).set({ value: cutlery! }).where(eq(t.settings.name, 'enable_cutlery'));
    }
  });
});

describe('ReadCache', () => {
  it('loads once for concurrent readers, keeps no failure, and forgets copies past their age', async () => {
    let now = 0;
    const cache = new ReadCache(1000, 100, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'back')).toBe('back');
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('drops every copy past its size bound', async () => {
    const cache = new ReadCache(60_000, 3);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(1);
  });
});
