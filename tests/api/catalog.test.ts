import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { menusSchema, productDetailSchema, productListSchema } from '#shared/api/catalog';
import { MONDAY, createTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;

describe('GET /api/menus', () => {
  it('lists the formulas of the current delivery date with their categories and dishes', async () => {
    const res = await app.app.inject('/api/menus');
    expect(res.statusCode).toBe(200);
    const menus = menusSchema.parse(res.json());
    expect(menus.map((m) => m.name)).toEqual(['Formule Complète', 'Plat + Dessert', 'Entrée + Plat', 'Plateau repas', 'Formule Verte']);
    for (const menu of menus) {
      expect(menu.price).toBeGreaterThan(0);
      for (const category of menu.categories) {
        expect(category.products.length).toBeGreaterThan(0);
        for (const p of category.products) expect(p.extra_price === 0).toBe(category.required);
      }
      expect(menu.categories.some((c) => !c.required)).toBe(true);
    }
    const starter = menus[0]!.categories.find((c) => c.type === 1)!;
    expect(starter).toMatchObject({ name: 'Entrée', required: true });
    expect(starter.products[0]).toMatchObject({ slug: expect.any(String), cover_url: expect.stringMatching(/^\/(images\/dishes\/.+\.svg|media\/[0-9a-f]{16}-320\.webp)$/), sold_out: false });
  });

  it('is cacheable with an ETag and answers 304 when unchanged', async () => {
    const first = await app.app.inject('/api/menus');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.app.inject({ url: '/api/menus', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an empty list on a day without cooking, and 422 for a malformed date', async () => {
    expect((await app.app.inject('/api/menus?date=2026-11-28')).json()).toEqual([]);
    const bad = await app.app.inject('/api/menus?date=28/11/2026');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date).toEqual(['La date doit être au format AAAA-MM-JJ.']);
  });

  it('shows a sold-out dish as such, and drops a dish the kitchen does not cook that day', async () => {
    const before = menusSchema.parse((await app.app.inject('/api/menus')).json());
    const [soldOutDish, notCookedDish] = before[0]!.categories.find((c) => c.type === 2)!.products;
    const soldOut = soldOutDish!.id;
    const notCooked = notCookedDish!.id;
    await db().update(t.productAvailabilities).set({ stock: 5, reserved: 5 }).where(and(eq(t.productAvailabilities.productId, soldOut), eq(t.productAvailabilities.date, MONDAY)));
    await db().delete(t.productAvailabilities).where(and(eq(t.productAvailabilities.productId, notCooked), eq(t.productAvailabilities.date, MONDAY)));

    const menus = menusSchema.parse((await app.app.inject('/api/menus')).json());
    const mains = menus[0]!.categories.find((c) => c.type === 2)!.products;
    expect(mains.find((p) => p.id === soldOut)?.sold_out).toBe(true);
    expect(mains.find((p) => p.id === notCooked)).toBeUndefined();
    // Tomorrow is untouched.
    const tomorrow = menusSchema.parse((await app.app.inject('/api/menus?date=2026-11-24')).json());
    expect(tomorrow[0]!.categories.find((c) => c.type === 2)!.products.find((p) => p.id === notCooked)).toBeDefined();

    const detail = productDetailSchema.parse((await app.app.inject(`/api/products/${notCookedDish!.slug}`)).json());
    expect(detail).toMatchObject({ available: false, menus: [] });
    const sold = productDetailSchema.parse((await app.app.inject(`/api/products/${soldOutDish!.slug}`)).json());
    expect(sold).toMatchObject({ available: true, sold_out: true });
  });

  it('drops a formula when one of its required courses has nothing cooked that day', async () => {
    const date = '2026-11-25';
    const starters = await db().select({ id: t.products.id }).from(t.products).where(eq(t.products.category, 'starter'));
    await db().delete(t.productAvailabilities).where(and(eq(t.productAvailabilities.date, date), inArray(t.productAvailabilities.productId, starters.map((s) => s.id))));
    const names = menusSchema.parse((await app.app.inject(`/api/menus?date=${date}`)).json()).map((m) => m.name);
    expect(names).toEqual(['Plat + Dessert']);
  });
});

describe('GET /api/menus/{id}', () => {
  it('answers one formula', async () => {
    const [first] = menusSchema.parse((await app.app.inject('/api/menus')).json());
    const res = await app.app.inject(`/api/menus/${first!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it('answers 404 for an unknown formula and 422 for a bad id', async () => {
    expect((await app.app.inject('/api/menus/9999')).statusCode).toBe(404);
    for (const id of ['abc', '-1', '0', '1.5']) expect((await app.app.inject(`/api/menus/${id}`)).statusCode).toBe(422);
  });
});

describe('GET /api/products/shuffle', () => {
  it('answers 8 random dishes of the day by default, none sold out', async () => {
    const res = await app.app.inject('/api/products/shuffle?number=8');
    expect(res.statusCode).toBe(200);
    const products = productListSchema.parse(res.json());
    expect(products).toHaveLength(8);
    expect(new Set(products.map((p) => p.id)).size).toBe(8);
    expect(products.every((p) => !p.sold_out)).toBe(true);
    expect(productListSchema.parse((await app.app.inject('/api/products/shuffle')).json())).toHaveLength(8);
  });

  it('answers the number asked, within bounds', async () => {
    expect((await app.app.inject('/api/products/shuffle?number=1')).json()).toHaveLength(1);
    expect((await app.app.inject('/api/products/shuffle?number=24')).json()).toHaveLength(24);
  });

  it('refuses numbers out of bounds or not integers (422)', async () => {
    for (const number of ['0', '25', '-3', 'abc', '1.5', '']) {
      const res = await app.app.inject(`/api/products/shuffle?number=${number}`);
      expect(res.statusCode, number).toBe(422);
      expect(res.json().errors.number[0]).toBe('Le nombre de plats doit être un entier entre 1 et 24.');
    }
  });

  it('shuffles: repeated calls give different selections', async () => {
    const draws = new Set<string>();
    for (let i = 0; i < 10; i++) {
      draws.add(productListSchema.parse((await app.app.inject('/api/products/shuffle?number=8')).json()).map((p) => p.id).join(','));
    }
    expect(draws.size).toBeGreaterThan(1);
  });
});

describe('GET /api/products and /api/products/{id}', () => {
  it('lists every dish cooked that day, by course', async () => {
    const products = productListSchema.parse((await app.app.inject('/api/products')).json());
    expect(products.length).toBeGreaterThanOrEqual(24);
    const order = ['starter', 'main', 'dessert', 'drink'];
    const ranks = products.map((p) => order.indexOf(p.category));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });

  it('answers the full dish by slug and by id', async () => {
    const bySlug = productDetailSchema.parse((await app.app.inject('/api/products/salade-lyonnaise')).json());
    expect(bySlug).toMatchObject({ slug: 'salade-lyonnaise', name: 'Salade lyonnaise', available: true });
    expect(bySlug.ingredients.length).toBeGreaterThan(0);
    expect(bySlug.allergens).toContain('œufs');
    expect(bySlug.menus.map((m) => m.name)).toContain('Formule Complète');
    const byId = await app.app.inject(`/api/products/${bySlug.id}`);
    expect(byId.json()).toEqual(bySlug);
    expect(byId.headers.etag).toBeDefined();
  });

  it('answers 404 for an unknown dish, 422 for a malformed id', async () => {
    const res = await app.app.inject('/api/products/plat-inconnu');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ce plat est introuvable.', code: 'not_found' });
    expect((await app.app.inject('/api/products/99999')).statusCode).toBe(404);
    // Past PostgreSQL's integer range: still nobody's id, never a 500.
    expect((await app.app.inject('/api/products/99999999999999999999')).statusCode).toBe(404);
    expect((await app.app.inject('/api/menus/2147483648')).statusCode).toBe(422);
    expect((await app.app.inject('/api/products/%3Cscript%3E')).statusCode).toBe(422);
  });
});

describe('sandbox clock', () => {
  it('sets and resets the server clock', async () => {
    const set = await app.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: '2026-11-23T12:30:00+01:00' } });
    expect(set.json()).toEqual({ now: '2026-11-23T11:30:00.000Z' });
    expect((await app.app.inject('/api/state/shop-open')).json().open).toBe(false);
    await app.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: '2026-11-23T09:00:00+01:00' } });
    expect((await app.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: 'demain' } })).statusCode).toBe(422);
  });

  it('does not exist when the sandbox is off', async () => {
    const off = await createTestApp({ env: { SANDBOX: '0' } });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: null } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('sandbox catalog import', () => {
  const dish = {
    slug: 'soupe-du-bac-a-sable',
    name: 'Soupe du bac à sable',
    short_description: 'Une soupe pour les essais',
    description: 'Une soupe importée par la route du bac à sable.',
    ingredients: ['eau'],
    allergens: [],
    category: 'starter',
    price_cents: 500,
    vat_rate: 10,
  };

  it('imports a file through the operator’s import: the day keeps its dishes and gains the new one', async () => {
    const before = (await app.app.inject(`/__sandbox/catalog-availability?date=${MONDAY}`)).json() as { slug: string; stock: number | null }[];
    expect(before.length).toBeGreaterThan(0);
    const res = await app.app.inject({
      method: 'POST',
      url: '/__sandbox/catalog-import',
      payload: { dates: [MONDAY], products: [dish], availability: [...before, { slug: dish.slug, stock: null }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: [dish.slug], days: [{ date: MONDAY, dishes: before.length + 1, removed: [] }] });
    const list = productListSchema.parse((await app.app.inject('/api/products')).json());
    expect(list.map((p) => p.slug)).toContain(dish.slug);

    // Back as it was.
    const undo = await app.app.inject({ method: 'POST', url: '/__sandbox/catalog-import', payload: { dates: [MONDAY], availability: before } });
    expect(undo.json()).toMatchObject({ days: [{ removed: [dish.slug] }] });
  });

  it('refuses a broken file with the import’s own messages, and does not exist without the sandbox', async () => {
    const bad = await app.app.inject({ method: 'POST', url: '/__sandbox/catalog-import', payload: { dates: ['2026-02-30'], availability: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file.join('\n')).toContain('Cette date n’existe pas dans le calendrier.');
    const off = await createTestApp({ env: { SANDBOX: '0' } });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/__sandbox/catalog-import', payload: {} })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
