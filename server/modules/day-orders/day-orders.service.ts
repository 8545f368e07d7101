import { ORDER_STATE_LABELS, type MEANS_STATES, type StaffOrder } from '#shared/api/staff';
import type { Db } from '../../db/client';
import type { PaymentMean } from '../../db/schema';
import { dueOf, orderLedgers, refundableOf } from '../ledger/ledger.service';
import { itemsRefundedOf, boardRows, linesOfOrders, refundsOfOrders, type OrderLineRow, type RefundRow } from './day-orders.repo';

type Row = Awaited<ReturnType<typeof boardRows>>[number];
type MeansState = (typeof MEANS_STATES)[number];

/** A means' state: a refund waiting for its provider shows first, then what was given back, then how it was paid. */
function meansState(mean: PaymentMean, refunds: RefundRow[], vouchers: { confirmed: boolean; received: number | null }): MeansState {
  const own = refunds.filter((r) => r.means === mean.means);
  if (own.some((r) => r.status !== 'done')) return 'refund_pending';
  if (own.reduce((n, r) => n + r.amountCents, 0) >= mean.amountCents) return 'refunded';
  if (mean.means === 'paper_vouchers') {
    if (!vouchers.confirmed) return 'declared';
    // What the ledger posted, not what was declared: fewer vouchers came than the part they pay.
    return vouchers.received !== null && vouchers.received < mean.amountCents ? 'partly_received' : 'received';
  }
  return 'paid';
}

export function toStaffOrder(row: Row, lines: OrderLineRow[], refunds: RefundRow[], money: { due: number; refundable: number; items: Map<number, number>; vouchersReceived: number | null }): StaffOrder {
  const { order, customer } = row;
  const top = lines.filter((l) => l.parentId === null);
  const count = (type: string) => top.filter((l) => l.buyableType === type).reduce((n, l) => n + l.quantity, 0);
  return {
    id: order.id,
    invoice_number: order.invoiceNumber,
    state: order.state,
    state_label: ORDER_STATE_LABELS[order.state],
    refund_pending: refunds.some((r) => r.status !== 'done'),
    customer: { id: customer.id, name: `${customer.firstname} ${customer.lastname}`.trim(), email: customer.email, phone: customer.phone, company: customer.company },
    delivery: { date: order.deliveryDate, start: order.deliveryStart?.slice(0, 5) ?? null, end: order.deliveryEnd?.slice(0, 5) ?? null, point: order.deliveryName, tour: row.tour },
    lines: top
      .filter((l) => l.buyableType !== 'cutlery' && l.buyableType !== 'tote_bag')
      .map((l) => ({
        id: l.id,
        name: l.name,
        quantity: l.quantity,
        unit_price: l.unitPriceCents,
        type: l.buyableType,
        refunded_quantity: money.items.get(l.id) ?? 0,
        children: lines.filter((c) => c.parentId === l.id).map((c) => ({ name: c.name, category: c.categoryName, extra: c.unitPriceCents > 0 })),
      })),
    cutlery: count('cutlery'),
    tote_bags: count('tote_bag'),
    containers_added: Number(row.containersAdded),
    containers_returned: Number(row.containersReturned),
    containers_received: order.containersReceived,
    balance_due: money.due,
    refundable: money.refundable,
    amount_total: order.amountTotalCents,
    refunded: refunds.filter((r) => r.status === 'done').reduce((n, r) => n + r.amountCents, 0),
    means: order.paymentMeans.map((m) => {
      const vouchers = { confirmed: Boolean(order.paperVouchersConfirmedAt), received: money.vouchersReceived };
      const state = meansState(m, refunds, vouchers);
      // Paper vouchers received: what really came (the ledger's), beside the part they were to pay.
      const received = m.means === 'paper_vouchers' && vouchers.confirmed && vouchers.received !== null ? { received: vouchers.received } : {};
      return { means: m.means, amount: m.amountCents, state, ...received };
    }),
    created_at: order.createdAt.toISOString(),
  };
}

async function board(db: Db, which: { date: string } | { id: number }): Promise<StaffOrder[]> {
  const rows = await boardRows(db, which);
  const ids = rows.map((r) => r.order.id);
  const [lines, refunds, dues, refundable, items, ledgers] = await Promise.all([
    linesOfOrders(db, ids),
    refundsOfOrders(db, ids),
    dueOf(
      db,
      rows.map((r) => r.order),
    ),
    refundableOf(db, ids),
    itemsRefundedOf(db, ids),
    orderLedgers(db, ids),
  ]);
  return rows.map((row) =>
    toStaffOrder(
      row,
      lines.filter((l) => l.orderId === row.order.id),
      refunds.filter((r) => r.orderId === row.order.id),
      { due: dues.get(row.order.id) ?? 0, refundable: refundable.get(row.order.id) ?? 0, items, vouchersReceived: ledgers.get(row.order.id)?.vouchersReceived ?? null },
    ),
  );
}

/** Every order to deliver on a date, as the team's board shows them (grouped by tour, slot and point). */
export const dayOrders = (db: Db, date: string) => board(db, { date });

/** One order, as the board shows it. */
export async function boardOrder(db: Db, id: number): Promise<StaffOrder | null> {
  return (await board(db, { id }))[0] ?? null;
}
