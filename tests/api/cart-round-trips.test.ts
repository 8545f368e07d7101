import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import { menusSchema, productListSchema, type FormattedMenu } from '#shared/api/catalog';
import { createTestApp, visitor, type TestApp } from './helpers';
import { queryCounter } from './query-count';

/*
 * The database round trips of the cart's routes, counted at the driver (BEGIN and COMMIT count),
 * so that a change cannot creep back to the eight or nine it once took: the session's query reads
 * the cart with it, and a change is one statement (popote_cart_apply).
 */

let app: TestApp;
let counter: ReturnType<typeof queryCounter>;
let dishId: number;
let formula: FormattedMenu;

beforeAll(async () => {
  app = await createTestApp();
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
  await app.database.db.update(t.settings).set({ value: '1' }).where(eq(t.settings.name, 'enable_cutlery'));
  counter = queryCounter(app.database);
  const dishes = productListSchema.parse((await app.app.inject('/api/products')).json());
  dishId = dishes.find((d) => d.category !== 'main' && !d.sold_out)!.id;
  const menu = menusSchema.parse((await app.app.inject('/api/menus')).json())[0]!;
  formula = {
    id: menu.id,
    sub_products: Object.fromEntries(menu.categories.filter((c) => c.required).map((c) => [String(c.id), c.products[0]!.id])),
    additional_products: {},
  };
});
afterAll(() => app.close());

type Visitor = Awaited<ReturnType<typeof visitor>>;

/**
 * Statements a call sends, checked to have succeeded. Reads of the in-process copies (settings,
 * catalog…) are made once and kept, but a new pooled connection drops them (server/db/client.ts):
 * a GET is made once first, so that what is counted is the route's own work.
 */
async function roundTrips(call: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  let status = 0;
  let body = '';
  const statements = await counter.during(async () => {
    const res = await call();
    status = res.statusCode;
    body = res.body;
  });
  expect(status, body).toBe(200);
  return statements;
}

/** A visitor with a cart holding a dish and a formula (its first change made the cart: not counted). */
async function withCart(customer: boolean): Promise<Visitor> {
  const v = await visitor(app.app);
  if (customer) {
    const [row] = await app.database.db
      .insert(t.customers)
      .values({ firstname: 'Compte', lastname: 'Tours', email: `tours-${Date.now()}@example.test`, phone: '0600000000', passwordHash: 'x', sponsorCode: `TOURS${Date.now()}`, deposits: 3 })
      .returning();
    await app.database.db.update(t.sessions).set({ customerId: row!.id }).where(eq(t.sessions.id, hashToken(v.jar.get('popote_session')!)));
  }
  expect((await v.request('POST', '/api/cart/products', { id: dishId })).statusCode).toBe(200);
  expect((await v.request('POST', '/api/cart/menus', { menu: formula })).statusCode).toBe(200);
  return v;
}


describe.each([
  ['a guest', false],
  ['a customer', true],
])('round trips of %s with a cart', (_who, customer) => {
  let v: Visitor;
  beforeAll(async () => {
    v = await withCart(customer);
  });

  it('+1, −1 and adding a dish: the session with the cart, then one statement', async () => {
    const id = { id: `product-${dishId}` };
    for (const call of [
      () => v.request('POST', '/api/cart/products', { id: dishId }),
      () => v.request('POST', '/api/cart/increment', id),
      () => v.request('POST', '/api/cart/decrement', id),
      () => v.request('POST', '/api/cart/decrement', id),
    ]) {
      const statements = await roundTrips(call);
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements.some((s) => /^begin/i.test(s))).toBe(false);
    }
  });

  it('every other change of the cart: 3 at most', async () => {
    const calls = [
      () => v.request('POST', '/api/cart/menus', { menu: formula }),
      () => v.request('POST', '/api/cart/cutlery'),
      () => v.request('DELETE', '/api/cart/cutlery'),
      () => v.request('DELETE', '/api/cart/deposits'),
      () => v.request('DELETE', '/api/cart/discounts'),
    ];
    for (const call of calls) {
      const statements = await roundTrips(call);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    }
  });

  it('an idempotency key adds its claim and its answer: 4', async () => {
    const statements = await roundTrips(() => v.request('POST', '/api/cart/increment', { id: `product-${dishId}` }, { 'idempotency-key': `tours-${customer}-${Date.now()}` }));
    expect(statements, statements.join('\n')).toHaveLength(4);
  });

  it('GET /api/cart: the session with the cart, nothing more', async () => {
    await v.request('GET', '/api/cart');
    const statements = await roundTrips(() => v.request('GET', '/api/cart'));
    expect(statements, statements.join('\n')).toHaveLength(1);
  });

  it('GET /api/state: 2 at most (the customer, with their Edenred link, is the second)', async () => {
    await v.request('GET', '/api/state');
    const statements = await roundTrips(() => v.request('GET', '/api/state'));
    expect(statements, statements.join('\n')).toHaveLength(customer ? 2 : 1);
  });
});
