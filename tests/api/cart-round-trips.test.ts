import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { menusSchema, productListSchema, type FormattedMenu } from '#shared/api/catalog';
import { composeFirst, fixtures, type Visitor } from './fixtures';
import { createTestApp, visitor, type TestApp } from './helpers';
import { queryCounter } from './query-count';

/*
 * The database round trips of the cart's routes, counted at the driver (BEGIN and COMMIT count),
 * so that a change cannot creep back to the eight or nine it once took: the session's query reads
 * the cart with it, and a change is one statement (popote_cart_apply), which on a session this
 * server kept (kept-sessions.ts) is the only one.
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
  formula = composeFirst(menusSchema.parse((await app.app.inject('/api/menus')).json())[0]!);
});
afterAll(() => app.close());

const { customerVisitor } = fixtures(() => app);

/** Statements a call sends, checked to have succeeded. */
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

/**
 * The fewest statements of up to three tries of a call (`undo`, not counted, puts the cart back
 * after each). The in-process copies (settings, catalog…) are read once and kept, but a new pooled
 * connection or their 60 s age drops them (server/db/client.ts, server/lib/read-cache.ts), and
 * their reloading is not the route's work.
 */
type Call = () => Promise<{ statusCode: number; body: string }>;
async function fewest(call: Call, undo?: () => Promise<unknown>): Promise<string[]> {
  let best: string[] | null = null;
  for (let i = 0; i < 3; i++) {
    const statements = await roundTrips(call);
    await undo?.();
    if (!best || statements.length < best.length) best = statements;
  }
  return best!;
}

/**
 * A visitor with a delivery chosen (a customer's usual one too) and a cart holding a dish and a
 * formula (its first change made the cart: not counted).
 */
async function withCart(customer: boolean): Promise<Visitor> {
  const v = customer ? (await customerVisitor({ deposits: 3 })).v : await visitor(app.app);
  const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
  const delivery = locations.find((l) => l.deliveries.length)!.deliveries[0]!.id;
  expect((await v.request('POST', '/api/deliveries', { id: delivery })).statusCode).toBe(200);
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

  // A guest's change that adds portions counts what the guests of its address hold (their cap,
  // docs/product/cart.md) inside that one statement, under the address's lock (migration 0025).
  it('+1, −1 and adding a dish already in the cart: one statement, on the session kept', async () => {
    const id = { id: `product-${dishId}` };
    const increment = () => v.request('POST', '/api/cart/increment', id);
    const decrement = () => v.request('POST', '/api/cart/decrement', id);
    const adding = [await fewest(() => v.request('POST', '/api/cart/products', { id: dishId }), decrement), await fewest(increment, decrement)];
    // One more first, so that −1 never takes the line out.
    await increment();
    const removing = await fewest(decrement, increment);
    await decrement();
    for (const statements of [...adding, removing]) {
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(statements.some((s) => /^begin/i.test(s))).toBe(false);
    }
  });

  it('every other change of the cart: 3 at most', async () => {
    const formulaLine = { id: ((await v.request('GET', '/api/cart')).json() as { products: { unique_id: string; sub_products?: unknown }[] }).products.find((p) => p.sub_products)!.unique_id };
    const addFormula = await fewest(
      () => v.request('POST', '/api/cart/menus', { menu: formula }),
      () => v.request('POST', '/api/cart/decrement', formulaLine),
    );
    expect(addFormula.length, addFormula.join('\n')).toBeLessThanOrEqual(3);
    // Each with its undo, so that every try finds the cart as the first did (one formula: one set of cutlery, one bag).
    const post = (path: string) => () => v.request('POST', path);
    const del = (path: string) => () => v.request('DELETE', path);
    const calls: [Call, Call?][] = [
      [post('/api/cart/cutlery'), del('/api/cart/cutlery')],
      [del('/api/cart/cutlery'), post('/api/cart/cutlery')],
      [post('/api/cart/tote-bags'), del('/api/cart/tote-bags')],
      [del('/api/cart/tote-bags'), post('/api/cart/tote-bags')],
      [del('/api/cart/deposits')],
      [del('/api/cart/discounts')],
    ];
    for (const [call, undo] of calls) {
      const statements = await fewest(call, undo);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    }
  });

  it('a promo code: applied in 4 on the session kept (the wrong-code guard takes its slot first, and gives it back as the code was right), taken off in 3 at most', async () => {
    const code = `TOURS${customer ? 'C' : 'G'}${Date.now()}`;
    await app.database.db.insert(t.discounts).values({ code, amountType: 1, amount: 10 });
    const apply = () => v.request('POST', '/api/cart/discounts', { code });
    const remove = () => v.request('DELETE', '/api/cart/discounts');
    const applied = await fewest(apply, remove);
    expect(applied, applied.join('\n')).toHaveLength(4);
    expect(applied.filter((s) => s.includes('"rate_limits"')), 'one claim for both counters (visitor and address), one giving back').toHaveLength(2);
    const removed = await fewest(remove, apply);
    expect(removed.length, removed.join('\n')).toBeLessThanOrEqual(3);
  });

  it('an idempotency key adds its claim and its answer: 3', async () => {
    let n = 0;
    const statements = await fewest(
      () => v.request('POST', '/api/cart/increment', { id: `product-${dishId}` }, { 'idempotency-key': `tours-${customer}-${Date.now()}-${n++}` }),
      () => v.request('POST', '/api/cart/decrement', { id: `product-${dishId}` }),
    );
    expect(statements, statements.join('\n')).toHaveLength(3);
  });

  it('GET /api/cart: the session with the cart, nothing more', async () => {
    const statements = await fewest(() => v.request('GET', '/api/cart'));
    expect(statements, statements.join('\n')).toHaveLength(1);
  });

  it('GET /api/state: 2 at most (the customer, with their Edenred link, is the second)', async () => {
    let delivery: unknown;
    const statements = await fewest(async () => {
      const res = await v.request('GET', '/api/state');
      delivery = res.json().current_delivery;
      return res;
    });
    expect(delivery).not.toBeNull();
    expect(statements, statements.join('\n')).toHaveLength(customer ? 2 : 1);
  });
});

describe('round trips of a customer returning containers', () => {
  it('one more returned, one less: 3 at most each (the containers held come with the session)', async () => {
    const v = await withCart(true);
    const more = () => v.request('POST', '/api/cart/deposits');
    const less = () => v.request('DELETE', '/api/cart/deposits');
    for (const statements of [await fewest(more, less), await fewest(less, more)]) {
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    }
  });
});
