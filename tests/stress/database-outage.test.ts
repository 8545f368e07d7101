/**
 * The database link dropped and restored: a TCP proxy between the server and PostgreSQL destroys
 * every connection and refuses new ones, then listens again. Meanwhile the API answers 503 in its
 * envelope and /api/health says the database is down; afterwards it serves again, same process,
 * same sessions, and no copy of the catalog older than the outage.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, ServerProcess, deliveryMorning, stressDatabase, tcpProxy, waitFor, type StressDatabase } from './harness';

let db: StressDatabase;
let server: ServerProcess;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;

beforeAll(async () => {
  db = await stressDatabase();
  const target = new URL(db.url);
  proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(db.url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  server = await ServerProcess.start({ databaseUrl: viaProxy.toString() });
  await server.setClock(await deliveryMorning(server));
});
afterAll(async () => {
  await server?.stop();
  proxy?.close();
  await db?.drop();
});

type Product = { id: number; name: string; category: string; sold_out: boolean };

it('answers 503 while the database is unreachable and serves again once it is back, without a restart', async () => {
  const client = new Client(server.url);
  const state = await client.get('/api/state');
  expect(state.status).toBe(200);
  const deliveryDate = state.json.current_delivery_date as string;
  const products = (await client.get('/api/products')).json as Product[];
  const [first, second] = products.filter((p) => p.category === 'main' && !p.sold_out);
  expect((await client.post('/api/cart/products', { id: first!.id })).status).toBe(200);
  const pid = server.child!.pid;
  expect(proxy.links).toBeGreaterThan(0);

  await proxy.cut();
  const health = await client.get('/api/health');
  expect(health.status, `${health.body}\n${server.output}`).toBe(503);
  expect(health.json).toEqual({ status: 'degraded', database: 'down' });
  for (const answer of [await client.get('/api/cart'), await client.post('/api/cart/products', { id: second!.id }), await client.get('/api/me')]) {
    expect(answer.status, answer.body).toBe(503);
    expect(answer.json).toEqual({ message: 'Le service est momentanément indisponible. Merci de réessayer dans un instant.', code: 'service_unavailable' });
    expect(answer.headers.get('retry-after')).toBe('5');
  }
  // While this server cannot hear the database, the dish sells out (another instance, an operator).
  const date = (await client.get('/api/state')).json?.current_delivery_date as string | undefined;
  expect(date).toBeUndefined(); // the state needs the database too
  const updated = await db.pool.query('update product_availabilities set stock = reserved where product_id = $1 and date = $2', [second!.id, deliveryDate]);
  expect(updated.rowCount).toBe(1);

  await proxy.restore();
  await waitFor('the health check to see the database again', async () => (await client.get('/api/health')).status === 200, 10_000, 100);
  expect(server.child!.pid).toBe(pid);
  expect(server.child!.exitCode).toBeNull();
  // The same session and cart.
  const cart = await client.get('/api/cart');
  expect(cart.status).toBe(200);
  expect((cart.json as { products: { product_id: number }[] }).products.map((p) => p.product_id)).toEqual([first!.id]);
  // The catalog copy made before the outage is not served: the dish that sold out meanwhile says so.
  const after = (await client.get('/api/products')).json as Product[];
  expect(after.find((p) => p.id === second!.id)?.sold_out).toBe(true);
  const refused = await client.post('/api/cart/products', { id: second!.id });
  expect(refused.status).toBe(409);
  expect(refused.json.code).toBe('sold_out');
  const third = after.find((p) => p.category === 'main' && !p.sold_out && p.id !== first!.id)!;
  expect((await client.post('/api/cart/products', { id: third.id })).status).toBe(200);
});
