import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { purgeExpired } from '../../server/lib/purge';
import { IDEMPOTENCY_TTL_MS } from '../../server/plugins/idempotency';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { IDEMPOTENCY_MESSAGES } from '#shared/api/idempotency';
import { fixtures } from './fixtures';
import { createTestApp, refused, visitor, type TestApp } from './helpers';

/**
 * A change sent twice with the same key (its answer lost, the browser's own retry, a customer's
 * second tap on "Réessayer") is applied once, and the repeat gets the first answer.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function dishId(): Promise<number> {
  const products = (await app.app.inject('/api/products')).json() as { id: number; sold_out: boolean }[];
  return products.find((p) => !p.sold_out)!.id;
}

const { reservedOf } = fixtures(() => app);

describe('Idempotency-Key', () => {
  it('applies a change once: the repeat answers the first answer, marked replayed', async () => {
    const v = await visitor(app.app);
    const id = await dishId();
    const before = await reservedOf(id);
    const first = await v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'ajout-plat-0001' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'ajout-plat-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await reservedOf(id)).toBe(before + 1);
    // A new key is a new change.
    const other = await v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'ajout-plat-0002' });
    expect((other.json() as { products: { quantity: number }[] }).products[0]!.quantity).toBe(2);
  });

  it('gives a refusal again as it was, without trying again', async () => {
    const v = await visitor(app.app);
    const first = refused(await v.request('POST', '/api/cart/increment', { id: 'product-999999' }, { 'idempotency-key': 'ligne-inconnue-1' }), 404);
    const again = await v.request('POST', '/api/cart/increment', { id: 'product-999999' }, { 'idempotency-key': 'ligne-inconnue-1' });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first);
  });

  it('refuses the same key on another request, and a malformed key', async () => {
    const v = await visitor(app.app);
    const id = await dishId();
    await v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'cle-reutilisee-1' });
    const body = refused(await v.request('POST', '/api/cart/tote-bags', undefined, { 'idempotency-key': 'cle-reutilisee-1' }), 422, 'idempotency_key_reused');
    expect(body.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    refused(await v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'court' }), 400);
  });

  it('keeps each visitor’s keys apart', async () => {
    const [a, b] = [await visitor(app.app), await visitor(app.app)];
    const id = await dishId();
    await a.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'meme-cle-partout' });
    const res = await b.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'meme-cle-partout' });
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((res.json() as { products: unknown[] }).products).toHaveLength(1);
  });

  it('says a repeat arrived while the first is under way (409, Retry-After), and takes over a claim its server left behind', async () => {
    const v = await visitor(app.app);
    const id = await dishId();
    const send = () => v.request('POST', '/api/cart/products', { id }, { 'idempotency-key': 'en-cours-00001' });
    const first = await send();
    // As if the first request's answer were not written yet.
    await app.database.db.update(t.idempotencyKeys).set({ status: null, body: null, createdAt: app.clock.now() }).where(eq(t.idempotencyKeys.key, 'en-cours-00001'));
    const busy = await send();
    refused(busy, 409, 'request_in_progress');
    expect(busy.headers['retry-after']).toBe('1');
    // A minute later with still no answer, the server that took it is gone: the repeat is done.
    app.clock.set(new Date(app.clock.now().getTime() + 61_000));
    const taken = await send();
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(first.statusCode).toBe(200);
  });

  it('does not keep logins: their answer carries a session’s cookie', async () => {
    const v = await visitor(app.app);
    const a = await v.request('POST', '/api/login', DEMO_CUSTOMER, { 'idempotency-key': 'connexion-0001' });
    const b = await v.request('POST', '/api/login', DEMO_CUSTOMER, { 'idempotency-key': 'connexion-0001' });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.cookies.some((c) => c.name === 'popote_session')).toBe(true);
    expect(await app.database.db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, 'connexion-0001'))).toEqual([]);
  });

  it('forgets keys after a day (purge)', async () => {
    const v = await visitor(app.app);
    await v.request('POST', '/api/cart/cutlery', undefined, { 'idempotency-key': 'vieille-cle-01' });
    expect(await app.database.db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, 'vieille-cle-01'))).toHaveLength(1);
    await purgeExpired(app.database.db, new Date(app.clock.now().getTime() + IDEMPOTENCY_TTL_MS + 1000));
    expect(await app.database.db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, 'vieille-cle-01'))).toEqual([]);
  });
});
