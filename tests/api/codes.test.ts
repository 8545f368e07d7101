import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { SPONSOR_MIN_BASKET_CENTS } from '#shared/constants';
import { fixtures } from './fixtures';
import { createTestApp, customerWithCart, refused, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const { db, ordersOf, payFromPool } = fixtures(() => app);
const welcome = async () => (await db().select().from(t.discounts).where(eq(t.discounts.code, 'BIENVENUE10')))[0]!;

describe('a welcome code is for a customer’s first order, once', () => {
  it('gives its discount on the first order, then is refused on the next one', async () => {
    const c = await customerWithCart(app);
    expect((await c.call('POST', '/api/cart/discounts', { code: 'BIENVENUE10' })).json().discount_code).toBe('BIENVENUE10');
    expect((await c.call('POST', '/api/cart/validate')).json().final_price).toBeLessThan(c.preOrder.remaining_price);
    expect((await payFromPool(c)).statusCode).toBe(200);

    expect((await c.call('POST', '/api/cart/products', { id: c.dish.id })).statusCode).toBe(200);
    refused(await c.call('POST', '/api/cart/discounts', { code: 'BIENVENUE10' }), 422, 'invalid_discount');
    // Carried in anyway (a cart filled before logging in): validation removes it.
    const [cart] = await db().select().from(t.carts).where(eq(t.carts.customerId, c.customer.id));
    await db().update(t.carts).set({ discountId: (await welcome()).id }).where(eq(t.carts.id, cart!.id));
    expect(refused(await c.call('POST', '/api/cart/validate'), 409, 'invalid_discount').message).toMatch(/première commande/);
    expect((await c.call('GET', '/api/cart')).json().discount_code).toBeNull();
  });
});

describe('every code is checked again when the order is placed', () => {
  it('a welcome code whose customer ordered meanwhile (another device) refuses the placement', async () => {
    const c = await customerWithCart(app);
    await c.call('POST', '/api/cart/discounts', { code: 'BIENVENUE10' });
    expect((await c.call('POST', '/api/cart/validate')).statusCode).toBe(200);
    const [other] = await ordersOf(c.customer.id);
    expect(other).toBeUndefined();
    await db().insert(t.orders).values({ customerId: c.customer.id, status: 1, amountTotalCents: 990, createdAt: app.clock.now() });
    refused(await payFromPool(c), 409, 'invalid_discount');
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
  });

  it('a promo code that ran out of uses or ended after validation refuses the placement, and nothing is counted', async () => {
    const c = await customerWithCart(app);
    await c.call('POST', '/api/cart/discounts', { code: 'DEJEUNER3' });
    expect((await c.call('POST', '/api/cart/validate')).statusCode).toBe(200);
    const [code] = await db().select().from(t.discounts).where(eq(t.discounts.code, 'DEJEUNER3'));
    await db().update(t.discounts).set({ maxUses: code!.uses }).where(eq(t.discounts.id, code!.id));
    refused(await payFromPool(c), 409, 'invalid_discount');
    await db().update(t.discounts).set({ maxUses: code!.uses + 1, endsOn: '2026-11-22' }).where(eq(t.discounts.id, code!.id));
    refused(await payFromPool(c), 409, 'invalid_discount');
    await db().update(t.discounts).set({ endsOn: code!.endsOn }).where(eq(t.discounts.id, code!.id));
    expect((await payFromPool(c)).statusCode).toBe(200);
    expect((await db().select().from(t.discounts).where(eq(t.discounts.id, code!.id)))[0]!.uses).toBe(code!.uses + 1);
  });
});

describe('a sponsor code needs a basket of 15 €', () => {
  it('is refused under 15 € of items, accepted from 15 €, and removed at validation when the basket fell under', async () => {
    const c = await customerWithCart(app, 'drink');
    refused(await c.call('POST', '/api/cart/discounts', { code: 'CAMILLE5' }), 422, 'invalid_discount');
    const products = (await app.app.inject('/api/products')).json() as { id: number; category: string; price: number; sold_out: boolean }[];
    const main = products.filter((p) => p.category === 'main' && !p.sold_out).sort((a, b) => b.price - a.price)[0]!;
    let items = c.dish.price;
    while (items < SPONSOR_MIN_BASKET_CENTS) {
      expect((await c.call('POST', '/api/cart/products', { id: main.id })).statusCode).toBe(200);
      items += main.price;
    }
    expect((await c.call('POST', '/api/cart/discounts', { code: 'CAMILLE5' })).json().discount_code).toBe('CAMILLE5');
    const lines = (await c.call('GET', '/api/cart')).json().products as { unique_id: string; product_id: number }[];
    const mainLine = lines.find((l) => l.product_id === main.id)!;
    while (items >= SPONSOR_MIN_BASKET_CENTS) {
      expect((await c.call('POST', '/api/cart/decrement', { id: mainLine.unique_id })).statusCode).toBe(200);
      items -= main.price;
    }
    expect(refused(await c.call('POST', '/api/cart/validate'), 409, 'invalid_discount').message).toMatch(/15,00\u00a0€/);
  });
});
