import type { FastifyInstance } from 'fastify';
import { VOUCHER_ISSUERS, type ReceivedVoucherRow, type VoucherIssuer } from '#shared/api/courier-round';
import { REMITTANCE_ERRORS, type Remittance, type Remittances } from '#shared/api/staff-remittances';
import { addDays, parisDate } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import type { voucherRemittances } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { recordRemittancePaid } from '../ledger/ledger.service';
import { AppError, notFound } from '../../lib/errors';
import { allRemittances, insertRemittance, itemsOfOrders, itemsOfRemittances, ordersWithReceivedVouchers, remittanceById, updateRemittance } from './remittances.repo';

type Conn = Db | Tx;
type RemittanceRow = typeof voucherRemittances.$inferSelect;

/** Vouchers older than this are past every issuer's deadline: they are not offered any more. */
const HORIZON_DAYS = 460;

/**
 * The last day to present paper vouchers received on a delivery date: a year's vouchers by the end
 * of the following February (Code du travail L3262-5). Received in January or February, they may
 * still be last year's: the earlier deadline is taken, so that none is presented late.
 */
export function remittanceDeadline(deliveryDate: string): string {
  const year = Number(deliveryDate.slice(0, 4));
  const month = Number(deliveryDate.slice(5, 7));
  return addDays(`${month <= 2 ? year : year + 1}-03-01`, -1);
}

interface Waiting {
  orderId: number;
  invoiceNumber: string;
  customer: string;
  deliveryDate: string | null;
  issuer: VoucherIssuer;
  count: number;
  totalCents: number;
}

/** The received vouchers not in a batch yet, one entry per order and issuer. */
async function waitingVouchers(db: Conn, now: Date, lock = false): Promise<Waiting[]> {
  const rows = await ordersWithReceivedVouchers(db, addDays(parisDate(now), -HORIZON_DAYS), lock);
  const batched = new Set((await itemsOfOrders(db, rows.map((r) => r.id))).map((i) => `${i.orderId}:${i.issuer}`));
  return rows.flatMap((order) =>
    VOUCHER_ISSUERS.flatMap((issuer) => {
      const mine = (order.rows ?? []).filter((r: ReceivedVoucherRow) => r.issuer === issuer);
      if (!mine.length || batched.has(`${order.id}:${issuer}`)) return [];
      return [
        {
          orderId: order.id,
          invoiceNumber: order.invoiceNumber ?? `#${order.id}`,
          customer: `${order.firstname} ${order.lastname}`.trim(),
          deliveryDate: order.deliveryDate,
          issuer,
          count: mine.reduce((n, r) => n + r.count, 0),
          totalCents: mine.reduce((n, r) => n + r.count * r.unit_cents, 0),
        },
      ];
    }),
  );
}

const oldestDeadline = (items: { deliveryDate: string | null }[], now: Date) =>
  remittanceDeadline(items.map((i) => i.deliveryDate ?? parisDate(now)).sort()[0] ?? parisDate(now));

/** An issuer's vouchers among those received, by face value, highest first: what the issuer counts. */
function facesOf(received: ReceivedVoucherRow[], issuer: VoucherIssuer): Remittance['faces'] {
  const counts = new Map<number, number>();
  for (const row of received) if (row.issuer === issuer) counts.set(row.unit_cents, (counts.get(row.unit_cents) ?? 0) + row.count);
  return [...counts].sort(([a], [b]) => b - a).map(([unit, count]) => ({ unit, count, total: unit * count }));
}

async function toRemittances(db: Conn, rows: RemittanceRow[]): Promise<Remittance[]> {
  const items = await itemsOfRemittances(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    issuer: r.issuer,
    state: r.paidAt ? 'paid' : r.sentAt ? 'sent' : 'prepared',
    count: r.count,
    total: r.totalCents,
    deadline: r.deadline,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
    sent_at: r.sentAt?.toISOString() ?? null,
    paid_at: r.paidAt?.toISOString() ?? null,
    paid: r.paidCents,
    difference: r.paidCents === null ? null : r.paidCents - r.totalCents,
    orders: items
      .filter((i) => i.item.remittanceId === r.id)
      .map((i) => ({ order_id: i.item.orderId, invoice_number: i.invoiceNumber ?? `#${i.item.orderId}`, customer: `${i.firstname} ${i.lastname}`.trim(), delivery_date: i.deliveryDate, count: i.item.count, total: i.item.totalCents })),
    faces: facesOf(
      items.filter((i) => i.item.remittanceId === r.id).flatMap((i) => i.received ?? []),
      r.issuer,
    ),
  }));
}

export async function remittances(db: Db, now: Date): Promise<Remittances> {
  const waiting = await waitingVouchers(db, now);
  return {
    waiting: VOUCHER_ISSUERS.flatMap((issuer) => {
      const mine = waiting.filter((w) => w.issuer === issuer);
      if (!mine.length) return [];
      return [{ issuer, count: mine.reduce((n, w) => n + w.count, 0), total: mine.reduce((n, w) => n + w.totalCents, 0), orders: mine.length, deadline: oldestDeadline(mine, now) }];
    }),
    batches: await toRemittances(db, await allRemittances(db)),
  };
}

export async function remittanceOf(db: Conn, id: number): Promise<Remittance> {
  const row = await remittanceById(db, id);
  if (!row) throw notFound('Cette remise est introuvable.');
  return (await toRemittances(db, [row]))[0]!;
}

/** A batch of every waiting voucher of an issuer, under the orders' lock (two admins make one batch). */
export async function createRemittance(app: FastifyInstance, actor: Actor, issuer: VoucherIssuer): Promise<Remittance> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const mine = (await waitingVouchers(tx, now, true)).filter((w) => w.issuer === issuer);
    if (!mine.length) throw new AppError(409, REMITTANCE_ERRORS.nothing, 'Aucun titre de cet émetteur n’attend d’être remis.');
    const count = mine.reduce((n, w) => n + w.count, 0);
    const totalCents = mine.reduce((n, w) => n + w.totalCents, 0);
    const row = await insertRemittance(
      tx,
      { issuer, count, totalCents, deadline: oldestDeadline(mine, now), createdAt: now, createdBy: actor.staffEmail },
      mine.map((w) => ({ orderId: w.orderId, issuer, count: w.count, totalCents: w.totalCents })),
    );
    await audit(tx, actor, { action: 'remittance.create', amountCents: totalCents, details: { remittance: row.id, issuer, count, orders: mine.map((w) => w.orderId) } }, now);
    return (await toRemittances(tx, [row]))[0]!;
  });
}

/** Sent, then paid (with what the issuer paid): each once, in that order, audited. */
export async function advanceRemittance(app: FastifyInstance, actor: Actor, id: number, step: { sent: true } | { paidCents: number }): Promise<Remittance> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await remittanceById(tx, id, true);
    if (!row) throw notFound('Cette remise est introuvable.');
    if ('sent' in step) {
      if (row.sentAt) throw new AppError(409, REMITTANCE_ERRORS.state, 'Cette remise est déjà marquée envoyée.');
      await updateRemittance(tx, id, { sentAt: now });
      await audit(tx, actor, { action: 'remittance.sent', amountCents: row.totalCents, details: { remittance: id, issuer: row.issuer } }, now);
    } else {
      if (!row.sentAt) throw new AppError(409, REMITTANCE_ERRORS.state, 'Marquez d’abord la remise comme envoyée.');
      if (row.paidAt) throw new AppError(409, REMITTANCE_ERRORS.state, 'Cette remise est déjà marquée payée.');
      if (step.paidCents > row.totalCents) {
        const message = 'Un émetteur paie au plus la valeur de la remise (moins sa commission) : vérifiez le montant.';
        throw new AppError(422, 'validation_failed', message, { amount: [message] });
      }
      await updateRemittance(tx, id, { paidAt: now, paidCents: step.paidCents });
      // The vouchers leave the shop's hands: the bank got what the issuer paid, its commission is a cost.
      await recordRemittancePaid(tx, { remittanceId: id, total: row.totalCents, paid: step.paidCents, at: now, actor });
      await audit(tx, actor, { action: 'remittance.paid', amountCents: step.paidCents, details: { remittance: id, issuer: row.issuer, total: row.totalCents, difference: step.paidCents - row.totalCents } }, now);
    }
    return remittanceOf(tx, id);
  });
}
