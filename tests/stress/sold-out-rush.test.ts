/**
 * 200 customers check out at the same moment on a dish with 20 portions left, through the whole
 * HTTP flow (cart → delivery → validate → pool → pay), on one server process and PostgreSQL.
 */
import { expect, it } from 'vitest';
import { allAtOnce, dearestDish, firstDeliveryId, loggedInCustomers, oneServerPerFile, traffic, type Answer } from './harness';

const CUSTOMERS = 200;
const PORTIONS = 20;

const file = oneServerPerFile();

it(`sells ${PORTIONS} portions to ${CUSTOMERS} customers checking out at once: ${PORTIONS} orders, the others told it is sold out, no 5xx`, async () => {
  const dish = await dearestDish(file.server.url);
  const date = ((await (await fetch(`${file.server.url}/api/state`)).json()) as { current_delivery_date: string }).current_delivery_date;
  // The kitchen has 20 portions left (what a catalog import's stock sets; here straight in the row).
  const set = await file.db.pool.query('update product_availabilities set stock = reserved + $3 where product_id = $1 and date = $2', [dish.id, date, PORTIONS]);
  expect(set.rowCount).toBe(1);
  const deliveryId = await firstDeliveryId(file.server.url);
  const customers = await loggedInCustomers(file.db, file.server.url, CUSTOMERS, file.morning, 10_000);
  const ordersBefore = await file.db.one<number>('select count(*)::int from orders');

  const all: Answer[] = [];
  const keep = (a: Answer) => (all.push(a), a);
  traffic.peak = 0;
  const started = Date.now();
  const outcomes = await allAtOnce(CUSTOMERS, async (i) => {
    const { client } = customers[i]!;
    const added = keep(await client.post('/api/cart/products', { id: dish.id }));
    if (added.status !== 200) return { added };
    keep(await client.post('/api/deliveries', { id: deliveryId }));
    keep(await client.post('/api/cart/validate'));
    keep(await client.post('/api/pending-order/pool'));
    const paid = keep(await client.post('/api/payment'));
    return { added, paid };
  });
  const elapsed = Date.now() - started;

  const serverErrors = all.filter((a) => a.status >= 500);
  expect(serverErrors.map((a) => `${a.status} ${a.body}`)).toEqual([]);
  const sold = outcomes.filter((o) => o.added.status === 200);
  const refusedOnes = outcomes.filter((o) => o.added.status !== 200);
  expect(sold).toHaveLength(PORTIONS);
  for (const o of sold) expect(o.paid?.status, o.paid?.body).toBe(200);
  expect(refusedOnes).toHaveLength(CUSTOMERS - PORTIONS);
  for (const { added } of refusedOnes) {
    expect(added.status).toBe(409);
    expect(added.json).toMatchObject({ code: 'sold_out', message: `Désolé, « ${dish.name} » est épuisé pour cette livraison.` });
  }
  expect((await file.db.one<number>('select count(*)::int from orders')) - ordersBefore).toBe(PORTIONS);
  const ids = customers.map((c) => c.customerId);
  expect(await file.db.one('select count(distinct customer_id)::int from orders where customer_id = any($1)', [ids])).toBe(PORTIONS);
  expect(await file.db.one('select reserved - stock from product_availabilities where product_id = $1 and date = $2', [dish.id, date])).toBe(0);
  // Every invoice number once, continuous.
  const numbers = (await file.db.rows<{ invoice_number: string }>('select invoice_number from orders where customer_id = any($1) order by invoice_number', [ids])).map((n) => Number(n.invoice_number.slice(-6)));
  expect(numbers).toEqual(Array.from({ length: PORTIONS }, (_, i) => numbers[0]! + i));
  // The catalog now says sold out.
  const products = (await (await fetch(`${file.server.url}/api/products`)).json()) as { id: number; sold_out: boolean }[];
  expect(products.find((p) => p.id === dish.id)?.sold_out).toBe(true);
  expect(traffic.peak).toBe(CUSTOMERS);
  console.info(`sold-out rush: ${CUSTOMERS} customers at once (peak ${traffic.peak} requests in flight), ${sold.length} orders, ${refusedOnes.length} sold-out refusals, ${all.length} requests, 0 5xx, ${elapsed} ms`);
});
