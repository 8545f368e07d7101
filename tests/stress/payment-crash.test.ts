/**
 * Faults around a card payment: the server SIGKILLed between the payment's start and its return or
 * notification, and SIGKILLed in the middle of placing the order. The PayGreen emulator keeps its
 * payment orders in the database (sandbox_paygreen_orders), as the real provider keeps them on its
 * side: they survive the shop's restart.
 */
import { describe, expect, it } from 'vitest';
import { CARD_RETURN_PATH } from '#shared/api/checkout';
import { parisDate } from '#shared/time';
import { Client, customerWithCart, notify, oneServerPerFile, providerMarksPaid, startCard, waitFor } from './harness';

const file = oneServerPerFile({ RATE_LIMIT_FACTOR: '100' });

/** Restarts the killed server on the same port and freezes its clock as before. */
async function restart() {
  await file.server.restart();
  await file.server.setClock(file.morning);
}

const ordersOf = (customerId: number) => file.db.rows<{ id: number; invoice_number: string; pre_order_id: number }>('select id, invoice_number, pre_order_id from orders where customer_id = $1', [customerId]);

describe('the server killed during a card payment', () => {
  it('killed after the provider took the money: after restart, return and notification together place the order once', async () => {
    const { client, customerId, preOrder } = await customerWithCart(file.server.url);
    const po = await startCard(client);
    // The buyer paid on PayGreen's page; the shop dies before hearing of it.
    await providerMarksPaid(file.server.url, po);
    expect((await file.server.kill('SIGKILL')).signal).toBe('SIGKILL');
    expect(await ordersOf(customerId)).toHaveLength(0);

    await restart();
    // The browser comes back (the app checks the payment) and PayGreen notifies, each five times over, all at once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? client.get(`/api/payment/paygreen/${po}/order?back=1`) : notify(file.server.url, po))),
    );
    for (const [i, a] of answers.entries()) {
      if (i % 2) expect((a as { status: number }).status).toBe(200);
      else expect((a as { json: unknown }).json).toEqual({ received: true, status: 'success' });
    }
    const orders = await ordersOf(customerId);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.pre_order_id).toBe(preOrder.id);
    const order = await client.get(`/api/payment/paygreen/${po}/order`);
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({ id: orders[0]!.id, amount_total: preOrder.remaining_price });
    expect(await file.db.one('select order_id from payments where provider_id = $1', [po])).toBe(orders[0]!.id);
  });

  it('killed before the buyer paid: after restart the hosted page, its notification and the return place the order once', async () => {
    const { client, customerId } = await customerWithCart(file.server.url);
    const po = await startCard(client);
    await file.server.kill('SIGKILL');
    await restart();
    // The emulator's payment order survived the restart (it is in the database, as PayGreen keeps it).
    const page = await fetch(`${file.server.url}/__sandbox/paygreen/pay/${po}`);
    expect(page.status).toBe(200);
    const paid = await fetch(`${file.server.url}/__sandbox/paygreen/pay/${po}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    // The hosted page notified the shop in the background; the browser comes back to the app's
    // page, which checks the payment.
    expect(back.pathname + back.search).toBe(`${CARD_RETURN_PATH}&po_id=${po}`);
    expect((await client.get(`/api/payment/paygreen/${po}/order?back=1`)).status).toBe(200);
    await notify(file.server.url, po);
    expect(await ordersOf(customerId)).toHaveLength(1);
  });
});

describe('the server killed in the middle of placing an order', () => {
  it('rolls the placement back, and the replayed notification places the order once', async () => {
    const { client, customerId, preOrder, dishId } = await customerWithCart(file.server.url);
    const po = await startCard(client);
    await providerMarksPaid(file.server.url, po);
    const date = await file.db.one<string>('select delivery_date::text from pre_orders where id = $1', [preOrder.id]);
    const reservedBefore = await file.db.one<number>('select reserved from product_availabilities where product_id = $1 and date = $2', [dishId, date]);
    const year = Number(parisDate(file.morning).slice(0, 4));
    await file.db.pool.query('insert into invoice_counters (year, last) values ($1, 0) on conflict do nothing', [year]);
    const lastInvoice = await file.db.one<number>('select last from invoice_counters where year = $1', [year]);

    // The invoice counter is the last row placement takes: hold it, so placement stops there with
    // the cart's portions swapped for the order's and the cart deleted, all uncommitted.
    const lock = await file.db.hold('select * from invoice_counters where year = $1 for update', [year]);
    try {
      const pending = notify(file.server.url, po).then(
        (r) => ({ ok: true as const, r }),
        (err: unknown) => ({ ok: false as const, err }),
      );
      const blocked = await waitFor('placement to wait on the held invoice counter', async () => {
        const rows = await file.db.rows<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [file.db.name]);
        return rows[0]?.pid;
      });
      expect(await file.db.one('select count(*)::int from carts where customer_id = $1', [customerId])).toBe(1);
      await file.server.kill('SIGKILL');
      // The notification's connection died with the server: PayGreen will retry it.
      expect((await pending).ok).toBe(false);
      await lock.release();
      // PostgreSQL ends the orphaned backend (its client is gone) and rolls its transaction back.
      await waitFor('the killed server’s backend to end', async () => (await file.db.one<number>('select count(*)::int from pg_stat_activity where pid = $1', [blocked])) === 0);
    } finally {
      await lock.release();
    }
    expect(await ordersOf(customerId)).toHaveLength(0);
    expect(await file.db.one('select order_id from pre_orders where id = $1', [preOrder.id])).toBeNull();
    expect(await file.db.one('select count(*)::int from carts where customer_id = $1', [customerId])).toBe(1);
    expect(await file.db.one('select last from invoice_counters where year = $1', [year])).toBe(lastInvoice);
    expect(await file.db.one('select reserved from product_availabilities where product_id = $1 and date = $2', [dishId, date])).toBe(reservedBefore);

    await restart();
    // PayGreen replays its notification (the emulator's driver posts it to the shop).
    const replay = await fetch(`${file.server.url}/__sandbox/paygreen/payment-orders/${po}/notify`, { method: 'POST' });
    expect(((await replay.json()) as { data: { response_status: number } }).data.response_status).toBe(200);
    await client.get(`/api/payment/paygreen/return?po_id=${po}`);
    const orders = await ordersOf(customerId);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.invoice_number).toBe(`F${year}-${String(lastInvoice + 1).padStart(6, '0')}`);
    expect(await file.db.one('select count(*)::int from carts where customer_id = $1', [customerId])).toBe(0);
    // The cart's portion became the order's: still taken once.
    expect(await file.db.one('select reserved from product_availabilities where product_id = $1 and date = $2', [dishId, date])).toBe(reservedBefore);
    expect((await new Client(file.server.url).get('/api/health')).status).toBe(200);
  });
});
