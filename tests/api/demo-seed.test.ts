import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { staffOrdersSchema } from '#shared/api/staff';
import { closingSchema } from '#shared/api/staff-closing';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { MONDAY } from './helpers';
import { testFile } from './fixtures';
import { staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * The demo's coming order (the demo customer's, on the first delivery day) is an order as a
 * checkout places it: on a stop of a tour in its window, paid by a card PayGreen's sandbox knows,
 * its portions taken from the day's stock. The team's first look at the demo shows it where it
 * will be delivered, and can refund it.
 */

const { app, db } = testFile();
let admin: StaffBrowser;

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
});

async function comingOrder() {
  const [customer] = await db().select().from(t.customers).where(eq(t.customers.email, DEMO_CUSTOMER.email));
  const [order] = await db()
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.customerId, customer!.id), eq(t.orders.state, 'placed')));
  return order!;
}

describe("the demo's coming order", () => {
  it('is on a stop of a tour, in that stop’s window, and the board shows its tour', async () => {
    const order = await comingOrder();
    expect(order.deliveryDate).toBe(MONDAY);
    expect(order.deliveryId).not.toBeNull();
    const [stop] = await db().select().from(t.deliveries).where(eq(t.deliveries.id, order.deliveryId!));
    expect(stop!.date).toBe(MONDAY);
    expect([order.deliveryStart, order.deliveryEnd]).toEqual([stop!.startsAt, stop!.endsAt]);
    const [tour] = await db().select().from(t.tours).where(eq(t.tours.id, stop!.tourId));

    const res = await admin.request('GET', `/api/staff/orders?date=${MONDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = staffOrdersSchema.parse(res.json()).orders.find((o) => o.id === order.id);
    expect(listed?.delivery.tour).toBe(tour!.name);
  });

  it('takes its portions from the day’s stock', async () => {
    const order = await comingOrder();
    const dishes = await db()
      .select({ id: t.orderProducts.buyableId })
      .from(t.orderProducts)
      .where(and(eq(t.orderProducts.orderId, order.id), eq(t.orderProducts.buyableType, 'product')));
    const ids = dishes.map((d) => d.id!);
    const days = await db()
      .select()
      .from(t.productAvailabilities)
      .where(and(eq(t.productAvailabilities.date, MONDAY), inArray(t.productAvailabilities.productId, ids)));
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect(day.reserved, `dish ${day.productId}`).toBe(1);
  });

  it('was paid by a card PayGreen’s sandbox knows, which the team refunds', async () => {
    const order = await comingOrder();
    const [payment] = await db().select().from(t.payments).where(eq(t.payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'paygreen', status: 'successed', amountCents: order.amountTotalCents });
    const [pre] = await db().select().from(t.preOrders).where(eq(t.preOrders.id, payment!.preOrderId));
    expect(pre).toMatchObject({ orderId: order.id, finalCents: order.amountTotalCents });
    expect(order.preOrderId).toBe(pre!.id);

    const refund = await admin.request('POST', `/api/staff/orders/${order.id}/refund`, { amount: 2_00, reason: 'Geste commercial' });
    expect(refund.statusCode, refund.body).toBe(200);
    const [atPaygreen] = await db().select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, payment!.providerId));
    expect(atPaygreen).toMatchObject({ status: 'successed', refundedAmount: 2_00 });
  });
});

describe("the demo's past days", () => {
  it('close without a difference: each past order’s closing check holds', async () => {
    const [customer] = await db().select().from(t.customers).where(eq(t.customers.email, DEMO_CUSTOMER.email));
    const past = await db()
      .select({ date: t.orders.deliveryDate })
      .from(t.orders)
      .where(and(eq(t.orders.customerId, customer!.id), eq(t.orders.state, 'delivered')));
    expect(past.length).toBe(7);
    for (const { date } of past) {
      const res = await admin.request('GET', `/api/staff/closing?date=${date}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(closingSchema.parse(res.json()).check, date!).toEqual({ ok: true, messages: [] });
    }
  });
});
