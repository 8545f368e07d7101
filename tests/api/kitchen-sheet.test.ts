import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { kitchenSheetSchema, type KitchenSheet } from '#shared/api/staff';
import type { CatalogProduct, FormattedMenu, Menu } from '#shared/api/catalog';
import { compose, dishesOf, extrasOf, fixtures } from './fixtures';
import { MONDAY, at, createTestApp, refused, setMoney, visitor, type TestApp } from './helpers';
import { TEAM, pdfTextOf, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * The kitchen's production sheet against an independent count: the test keeps what each order it
 * places holds (dishes alone, formulas with courses and extras, quantities above 1, two tours),
 * cancels one, refunds one whole and one in part, and compares the sheet with its own tally.
 */

let app: TestApp;
let cook: StaffBrowser;
let admin: StaffBrowser;
const { customerVisitor } = fixtures(() => app);

beforeAll(async () => {
  app = await createTestApp();
  app.clock.set(at(MONDAY, '08:00:00'));
  [cook, admin] = [await staffLoggedIn(app.app, TEAM.cuisine), await staffLoggedIn(app.app)];
});
afterAll(() => app.close());

const db = () => app.database.db;

/** Two deliveries of the day on different tours, with their tour's name. */
async function twoTours() {
  const rows = await db()
    .select({ id: t.deliveries.id, tourId: t.deliveries.tourId, tour: t.tours.name })
    .from(t.deliveries)
    .innerJoin(t.tours, eq(t.tours.id, t.deliveries.tourId))
    .where(eq(t.deliveries.date, MONDAY));
  const first = rows[0]!;
  const second = rows.find((r) => r.tourId !== first.tourId)!;
  expect(second).toBeDefined();
  return [first, second] as const;
}

interface Order {
  dishes: { id: number; quantity: number }[];
  menus: { menu: FormattedMenu; quantity: number }[];
  /** One set (the shop offers one per formula). */
  cutlery: boolean;
}

/** Places an order (paid from the pool) at a delivery; answers its id. */
async function place(deliveryId: number, order: Order): Promise<number> {
  const { v, customer } = await customerVisitor();
  const ok = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await v.request(method, url, payload);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json() as { products: { unique_id: string }[] };
  };
  for (const dish of order.dishes) {
    const cart = await ok('POST', '/api/cart/products', { id: dish.id });
    for (let i = 1; i < dish.quantity; i++) await ok('POST', '/api/cart/increment', { id: cart.products.at(-1)!.unique_id });
  }
  for (const { menu, quantity } of order.menus) {
    const cart = await ok('POST', '/api/cart/menus', { menu });
    for (let i = 1; i < quantity; i++) await ok('POST', '/api/cart/increment', { id: cart.products.at(-1)!.unique_id });
  }
  if (order.cutlery) await ok('POST', '/api/cart/cutlery');
  await ok('POST', '/api/deliveries', { id: deliveryId });
  await ok('POST', '/api/cart/validate');
  await setMoney(app.database, customer.id, { poolCents: 500_00 });
  await ok('POST', '/api/pending-order/pool');
  const placed = await v.request('POST', '/api/payment');
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().id as number;
}

async function sheetOf(browser: StaffBrowser = cook): Promise<KitchenSheet> {
  const res = await browser.request('GET', `/api/staff/kitchen-sheet?date=${MONDAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return kitchenSheetSchema.parse(res.json());
}

describe('GET /api/staff/kitchen-sheet', () => {
  it('counts every portion of the orders to cook, per tour and in all, whatever the mix', async () => {
    const [one, two] = await twoTours();
    const products = ((await app.app.inject('/api/products')).json() as CatalogProduct[]).filter((p) => !p.sold_out && p.category !== 'drink');
    const menus = (await app.app.inject('/api/menus')).json() as Menu[];
    const full = menus.find((m) => m.categories.filter((c) => c.required).length === 3)!;
    const other = menus.find((m) => m !== full && extrasOf(m))!;
    const withExtra = compose(full, { extras: [extrasOf(full).products[0]!.slug] });
    const plain = compose(other);

    // The tally: portions per dish per tour, formulas (containers), cutlery sets.
    const expected = new Map<number, Record<string, number>>();
    let containers = 0;
    let cutlery = 0;
    const count = (tour: string, order: Order, cooked: boolean) => {
      if (!cooked) return;
      const add = (id: number, n: number) => {
        const row = expected.get(id) ?? {};
        row[tour] = (row[tour] ?? 0) + n;
        expected.set(id, row);
      };
      for (const d of order.dishes) add(d.id, d.quantity);
      for (const m of order.menus) for (const id of dishesOf(m.menu)) add(id, m.quantity);
      containers += order.menus.reduce((n, m) => n + m.quantity, 0);
      if (order.cutlery) cutlery += 1;
    };

    const orders: { tour: string; delivery: number; order: Order; fate: 'cooked' | 'cancelled' | 'refunded' | 'part-refunded' }[] = [
      { tour: one.tour, delivery: one.id, order: { dishes: [{ id: products[0]!.id, quantity: 3 }], menus: [], cutlery: false }, fate: 'cooked' },
      { tour: one.tour, delivery: one.id, order: { dishes: [], menus: [{ menu: withExtra, quantity: 2 }], cutlery: true }, fate: 'cooked' },
      { tour: two.tour, delivery: two.id, order: { dishes: [{ id: products[1]!.id, quantity: 1 }], menus: [{ menu: plain, quantity: 1 }, { menu: withExtra, quantity: 1 }], cutlery: true }, fate: 'part-refunded' },
      { tour: two.tour, delivery: two.id, order: { dishes: [{ id: products[0]!.id, quantity: 2 }], menus: [{ menu: withExtra, quantity: 1 }], cutlery: false }, fate: 'cancelled' },
      { tour: one.tour, delivery: one.id, order: { dishes: [{ id: products[2]!.id, quantity: 4 }], menus: [{ menu: plain, quantity: 1 }], cutlery: true }, fate: 'refunded' },
    ];
    const baseline = await sheetOf();
    for (const o of orders) {
      const id = await place(o.delivery, o.order);
      if (o.fate === 'cancelled') expect((await admin.request('POST', `/api/staff/orders/${id}/cancel`, { reason: 'Annulée pour le test' })).statusCode).toBe(200);
      if (o.fate === 'refunded' || o.fate === 'part-refunded') {
        const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
        const amount = o.fate === 'refunded' ? row!.amountTotalCents : 100;
        const res = await admin.request('POST', `/api/staff/orders/${id}/refund`, { amount, reason: 'Remboursement pour le test' });
        expect(res.statusCode, res.body).toBe(200);
      }
      count(o.tour, o.order, o.fate === 'cooked' || o.fate === 'part-refunded');
    }

    // What the sheet added since the baseline (the demo's own orders of the day) is the tally.
    const sheet = await sheetOf();
    expect(sheet.tours).toEqual(expect.arrayContaining([one.tour, two.tour]));
    const added = new Map<number, Record<string, number>>();
    for (const dish of sheet.dishes) {
      const row: Record<string, number> = {};
      for (const [tour, n] of Object.entries(dish.by_tour)) {
        const extra = n - (baseline.dishes.find((d) => d.product_id === dish.product_id)?.by_tour[tour] ?? 0);
        if (extra) row[tour] = extra;
      }
      if (Object.keys(row).length) added.set(dish.product_id, row);
    }
    expect(added).toEqual(expected);
    for (const dish of sheet.dishes) expect(dish.total).toBe(Object.values(dish.by_tour).reduce((a, b) => a + b, 0));
    expect({ containers: sheet.containers - baseline.containers, cutlery: sheet.cutlery - baseline.cutlery, orders: sheet.orders - baseline.orders }).toEqual({ containers, cutlery, orders: 3 });
    expect(sheet).toMatchObject({ tote_bags: baseline.tote_bags, final: false, cut_off: expect.stringMatching(/^\d\d:\d\d$/) });
    // Each dish with its allergens, as the catalog has them.
    const allergens = new Map(((await app.app.inject('/api/products')).json() as CatalogProduct[]).map((p) => [p.id, p.allergens]));
    for (const dish of sheet.dishes) if (allergens.has(dish.product_id)) expect(dish.allergens).toEqual(allergens.get(dish.product_id));

    // After the day's last cut-off the sheet is final; on paper it says so, with the totals.
    app.clock.set(at(MONDAY, `${sheet.cut_off}:00`));
    expect((await sheetOf()).final).toBe(true);
    const pdf = await cook.request('GET', `/api/staff/kitchen-sheet.pdf?date=${MONDAY}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfTextOf(pdf.rawPayload);
    expect(text).toContain('Fiche de production');
    expect(text).toContain('Fiche définitive');
    expect(text).toMatch(new RegExp(`Contenants consignés à remplir \\(un par formule\\)\\s*${sheet.containers}`));
    for (const dish of sheet.dishes) expect(text).toContain(dish.name.slice(0, 20));
    app.clock.set(at(MONDAY, '08:00:00'));
  });

  it('shows what changed since this member printed it: orders placed and cancelled after', async () => {
    app.clock.set(at(MONDAY, '08:10:00'));
    const [one] = await twoTours();
    const dish = ((await app.app.inject('/api/products')).json() as CatalogProduct[]).find((p) => !p.sold_out && p.category === 'dessert')!;
    const before = await place(one.id, { dishes: [{ id: dish.id, quantity: 1 }], menus: [], cutlery: false });
    app.clock.set(at(MONDAY, '08:30:00'));
    expect((await cook.request('POST', '/api/staff/kitchen-sheet/printed', { date: MONDAY })).statusCode).toBe(200);
    expect((await sheetOf()).changes).toEqual([]);
    app.clock.set(at(MONDAY, '08:45:00'));
    const after = await place(one.id, { dishes: [{ id: dish.id, quantity: 2 }], menus: [], cutlery: false });
    expect((await admin.request('POST', `/api/staff/orders/${before}/cancel`, { reason: 'Changement d’avis' })).statusCode).toBe(200);
    const sheet = await sheetOf();
    expect(sheet.printed_at).toBe(at(MONDAY, '08:30:00').toISOString());
    expect(sheet.changes.map((c) => [c.order_id, c.kind, c.portions])).toEqual(
      expect.arrayContaining([
        [after, 'placed', 2],
        [before, 'cancelled', 1],
      ]),
    );
    // The admin never printed it: no changes for them.
    expect((await sheetOf(admin)).changes).toEqual([]);
    const printed = await db().select().from(t.kitchenSheetPrints).where(and(eq(t.kitchenSheetPrints.date, MONDAY)));
    expect(printed).toHaveLength(1);
  });

  it('is the kitchen’s and the admin’s; bad dates are refused', async () => {
    refused(await app.app.inject({ method: 'GET', url: `/api/staff/kitchen-sheet?date=${MONDAY}` }), 401, 'staff_unauthenticated');
    refused(await (await visitor(app.app)).request('GET', `/api/staff/kitchen-sheet?date=${MONDAY}`), 401, 'staff_unauthenticated');
    const courier = await staffLoggedIn(app.app, TEAM.livreur);
    refused(await courier.request('GET', `/api/staff/kitchen-sheet?date=${MONDAY}`), 403, 'staff_forbidden');
    refused(await courier.request('GET', `/api/staff/kitchen-sheet.pdf?date=${MONDAY}`), 403, 'staff_forbidden');
    refused(await courier.request('POST', '/api/staff/kitchen-sheet/printed', { date: MONDAY }), 403, 'staff_forbidden');
    refused(await cook.request('GET', '/api/staff/kitchen-sheet?date=30-11-2026'), 422);
    refused(await cook.request('GET', '/api/staff/kitchen-sheet'), 422);
    refused(await cook.request('POST', '/api/staff/kitchen-sheet/printed', { date: 'demain' }), 422);
  });
});
