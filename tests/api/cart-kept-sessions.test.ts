import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { productListSchema } from '#shared/api/catalog';
import { fixtures, type Visitor } from './fixtures';
import { createTestApp, refused, setMoney, visitor, type TestApp } from './helpers';
import { queryCounter } from './query-count';

/*
 * A cart change planned from the session this server kept (server/modules/cart/kept-sessions.ts)
 * is one statement, and answers what a change planned from the session's query would: each test
 * changes, behind the server's back, what the kept session no longer shows (the session, the
 * cart, the containers held, the code), then checks the next change sees it.
 */

let app: TestApp;
let counter: ReturnType<typeof queryCounter>;
let dishes: number[];
beforeAll(async () => {
  app = await createTestApp();
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
  counter = queryCounter(app.database);
  dishes = productListSchema
    .parse((await app.app.inject('/api/products')).json())
    .filter((d) => d.category !== 'main' && !d.sold_out)
    .map((d) => d.id);
});
afterAll(() => app.close());

const { customerVisitor } = fixtures(() => app);

type CartAnswer = { products: { unique_id: string; quantity: number }[]; deposit_removed_quantity: number; discount_code: string | null };
const quantityOf = (answer: CartAnswer, uniqueId: string) => answer.products.find((p) => p.unique_id === uniqueId)?.quantity ?? 0;

/**
 * A guest with a dish in the cart, who then read it: this server keeps the session as read (a new
 * line's id is the database's, so adding it kept nothing).
 */
async function guestWithDish(): Promise<{ v: Visitor; line: string; sessionId: string }> {
  const v = await visitor(app.app);
  const added = await v.request('POST', '/api/cart/products', { id: dishes[0] });
  expect(added.statusCode, added.body).toBe(200);
  expect((await v.request('GET', '/api/cart')).statusCode).toBe(200);
  const [session] = await app.database.db.select({ id: t.carts.sessionId }).from(t.carts).orderBy(sql`${t.carts.id} desc`).limit(1);
  return { v, line: `product-${dishes[0]}`, sessionId: session!.id! };
}

const cartOf = async (sessionId: string) => (await app.database.db.select().from(t.carts).where(eq(t.carts.sessionId, sessionId)))[0]!;

describe('a change planned from the kept session', () => {
  it('is one statement: +1 and −1 on a line the server already knows', async () => {
    const { v, line } = await guestWithDish();
    for (const [path, quantity] of [['increment', 2], ['decrement', 1]] as const) {
      let answer!: CartAnswer;
      const statements = await counter.during(async () => {
        const res = await v.request('POST', `/api/cart/${path}`, { id: line });
        expect(res.statusCode, res.body).toBe(200);
        answer = res.json();
      });
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(quantityOf(answer, line)).toBe(quantity);
    }
  });

  it('a session ended meanwhile (logged out elsewhere, expired): refused as a change without a session, nothing written', async () => {
    for (const end of ['deleted', 'expired'] as const) {
      const { v, line, sessionId } = await guestWithDish();
      const before = await cartOf(sessionId);
      if (end === 'deleted') await app.database.db.delete(t.sessions).where(eq(t.sessions.id, sessionId));
      else await app.database.db.update(t.sessions).set({ expiresAt: new Date(app.clock.now().getTime() - 1000) }).where(eq(t.sessions.id, sessionId));
      refused(await v.request('POST', '/api/cart/increment', { id: line }), 419, 'csrf_mismatch');
      // A deleted session takes its cart along; an expired one leaves it as it was.
      const [after] = await app.database.db.select().from(t.carts).where(eq(t.carts.id, before.id));
      expect(after?.version ?? before.version, end).toBe(before.version);
      const [row] = await app.database.db.select().from(t.cartLines).where(and(eq(t.cartLines.cartId, before.id), eq(t.cartLines.uniqueId, line)));
      expect(row?.quantity ?? 1, end).toBe(1);
    }
  });

  it('a line another server added is found: the refusal the kept cart would give is checked on the cart read again', async () => {
    const { v, sessionId } = await guestWithDish();
    const cart = await cartOf(sessionId);
    const other = `product-${dishes[1]}`;
    await app.database.db.insert(t.cartLines).values({ cartId: cart.id, uniqueId: other, productId: dishes[1]!, quantity: 1 });
    await app.database.db.update(t.carts).set({ version: cart.version + 1 }).where(eq(t.carts.id, cart.id));
    const res = await v.request('POST', '/api/cart/increment', { id: other });
    expect(res.statusCode, res.body).toBe(200);
    expect(quantityOf(res.json(), other)).toBe(2);
  });

  it('a line another server took out is not counted back: the write finds the cart moved on, and the change is made on the cart as it is', async () => {
    const { v, line, sessionId } = await guestWithDish();
    const cart = await cartOf(sessionId);
    await app.database.db.delete(t.cartLines).where(eq(t.cartLines.cartId, cart.id));
    await app.database.db.update(t.carts).set({ version: cart.version + 1 }).where(eq(t.carts.id, cart.id));
    refused(await v.request('POST', '/api/cart/increment', { id: line }), 404, 'unknown_line');
  });

  it('containers given back meanwhile: the returns the cart keeps follow what the customer holds now', async () => {
    const { v, customer } = await customerVisitor({ deposits: 3 });
    const line = `product-${dishes[0]}`;
    expect((await v.request('POST', '/api/cart/products', { id: dishes[0] })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/cart/products', { id: dishes[0] })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await v.request('POST', '/api/cart/deposits')).statusCode).toBe(200);
    // Two of the three leave the customer's hands (returned on another order, say).
    await setMoney(app.database, customer.id, { deposits: 1 });
    const res = await v.request('POST', '/api/cart/increment', { id: line });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit_removed_quantity).toBe(1);
  });

  it('a code the checkout took off stays off (its drop is a new version of the cart)', async () => {
    const { v, customer } = await customerVisitor();
    const line = `product-${dishes[0]}`;
    const code = `KEPT${Date.now()}`;
    await app.database.db.insert(t.discounts).values({ code, amountType: 1, amount: 10 });
    expect((await v.request('POST', '/api/cart/products', { id: dishes[0] })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/cart/discounts', { code })).json().discount_code).toBe(code);
    // The code runs out before the customer pays: validation refuses it and takes it off the cart.
    await app.database.db.update(t.discounts).set({ endsOn: '2000-01-01' }).where(eq(t.discounts.code, code));
    const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
    expect((await v.request('POST', '/api/deliveries', { id: locations.find((l) => l.deliveries.length)!.deliveries[0]!.id })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/cart/validate')).statusCode).not.toBe(200);
    const res = await v.request('POST', '/api/cart/increment', { id: line });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().discount_code).toBeNull();
    const [cart] = await app.database.db.select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    expect(cart!.discountId).toBeNull();
  });
});
