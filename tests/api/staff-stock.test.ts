import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ERRORS, staffStockSchema } from '#shared/api/staff';
import { productListSchema } from '#shared/api/catalog';
import { MONDAY, createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';
import { staffLoggedIn, TEAM, type StaffBrowser } from './staff-helpers';
import { pathOf } from '#shared/api/route-table';
import { STOCK } from '#shared/api/routes/stock';

let app: TestApp;
let cook: StaffBrowser;
beforeAll(async () => {
  app = await createTestApp();
  cook = await staffLoggedIn(app.app, TEAM.cuisine);
});
afterAll(() => app.close());

const stock = async () => staffStockSchema.parse((await cook.request(STOCK.getStaffStock.method, pathOf(STOCK.getStaffStock, null, { date: MONDAY }))).json()).dishes;
/** The team's change of a dish's stock, called through the route table (its method and path). */
const setStock = (date: string, productId: number, body: unknown) => cook.request(STOCK.putStaffStockByDateByProductId.method, pathOf(STOCK.putStaffStockByDateByProductId, { date, productId }), body);
const customerSees = async (id: number) => productListSchema.parse((await app.app.inject('/api/products')).json()).find((p) => p.id === id)!;

describe('the day’s stock (cuisine, admin)', () => {
  it('lists every dish of the day with its portions ordered, taken, its cap and what is left', async () => {
    const c = await customerWithCart(app);
    await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: Math.ceil(c.preOrder.remaining_price / 500), amount: 5 }] });
    await c.call('POST', '/api/pending-order/pool');
    expect((await c.call('POST', '/api/payment')).statusCode).toBe(200);
    const dishes = await stock();
    expect(dishes.length).toBeGreaterThan(5);
    const row = dishes.find((d) => d.product_id === c.dish.id)!;
    expect(row.ordered).toBeGreaterThanOrEqual(1);
    expect(row.reserved).toBeGreaterThanOrEqual(row.ordered);
    if (row.stock !== null) expect(row.left).toBe(Math.max(0, row.stock - row.reserved));
    refused(await cook.request('GET', '/api/staff/stock'), 422);
  });

  it('sets a cap, never under the portions ordered; marks a dish sold out and back, the customer’s menu following at once', async () => {
    const dish = (await stock()).find((d) => d.category === 'dessert' && !d.sold_out)!;
    const set = await setStock(MONDAY, dish.product_id, { quantity: dish.reserved + 5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ stock: dish.reserved + 5, left: 5, sold_out: false });
    expect((await customerSees(dish.product_id)).sold_out).toBe(false);

    const out = await setStock(MONDAY, dish.product_id, { sold_out: true });
    expect(out.json()).toMatchObject({ sold_out: true, left: 0 });
    expect((await customerSees(dish.product_id)).sold_out).toBe(true);
    // A customer cannot take it any more.
    const v = await visitor(app.app);
    refused(await v.request('POST', '/api/cart/products', { id: dish.product_id }), 409, 'sold_out');

    const back = await setStock(MONDAY, dish.product_id, { sold_out: false });
    expect(back.json()).toMatchObject({ sold_out: false, stock: dish.reserved + 5 });
    expect((await customerSees(dish.product_id)).sold_out).toBe(false);

    const lifted = await setStock(MONDAY, dish.product_id, { quantity: null });
    expect(lifted.json()).toMatchObject({ stock: null, left: null });

    const admin = await staffLoggedIn(app.app);
    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; product_id: number; staff: string }[];
    expect(audit.filter((e) => e.product_id === dish.product_id).map((e) => e.action)).toEqual(['stock.cap', 'stock.sold_out', 'stock.on_sale', 'stock.cap']);
    expect(audit.find((e) => e.product_id === dish.product_id)!.staff).toBe(TEAM.cuisine);
  });

  it('refuses a cap under what is ordered, a dish not on the day’s menu, and bad input', async () => {
    const ordered = (await stock()).find((d) => d.ordered > 0)!;
    refused(await setStock(MONDAY, ordered.product_id, { quantity: ordered.ordered - 1 }), 409, STAFF_ERRORS.stockBelowOrdered);
    refused(await setStock('2031-01-01', ordered.product_id, { quantity: 3 }), 404);
    refused(await setStock(MONDAY, ordered.product_id, { quantity: -1 }), 422);
    refused(await setStock(MONDAY, ordered.product_id, { quantity: 'dix' }), 422);
    refused(await setStock(MONDAY, ordered.product_id, {}), 422);
    refused(await setStock('lundi', ordered.product_id, { quantity: 3 }), 422);
  });
});
