import type { FastifyInstance } from 'fastify';
import type { ReceivedVoucherRow } from '#shared/api/courier-round';
import type { HeldReceipt } from '#shared/api/staff-ledger';
import { receivedCents } from '#shared/round-outcome';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { decideHeldReceipt, heldReceipts, settleDue } from './ledger.service';
import { orderOwner, ordersOfTransfers } from './ledger.repo';

/** What waits for an admin, with the order, the customer and what they declared beside it. */
export async function heldReceiptsView(db: Db): Promise<HeldReceipt[]> {
  const held = await heldReceipts(db);
  const orders = new Map(
    (
      await ordersOfTransfers(
        db,
        held.flatMap((h) => (h.orderId === null ? [] : [h.orderId])),
      )
    ).map((o) => [o.id, o]),
  );
  return held.map((h) => {
    const order = h.orderId === null ? undefined : orders.get(h.orderId);
    return {
      id: h.id,
      order_id: h.orderId,
      invoice_number: order?.invoiceNumber ?? null,
      customer: order ? `${order.firstname} ${order.lastname}`.trim() : null,
      kind: h.code === 'vouchers_beyond' ? 'vouchers' : 'containers',
      amount: h.amount,
      containers: h.containers,
      declared: order?.paperVouchersCents ?? 0,
      rows: (h.details?.rows as ReceivedVoucherRow[] | undefined) ?? null,
      recorded_by: h.recordedBy,
      recorded_at: h.at.toISOString(),
    };
  });
}

/** An admin's decision on a held receipt: the ledger's transfers and the audit line commit together. */
export async function decideHeld(app: FastifyInstance, actor: Actor, id: number, decision: 'approve' | 'reject', note: string) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const decided = await decideHeldReceipt(tx, id, decision, actor, note, now);
    const owner = decided.orderId === null ? null : await orderOwner(tx, decided.orderId);
    await audit(
      tx,
      actor,
      {
        action: decision === 'approve' ? 'ledger.held_approved' : 'ledger.held_rejected',
        orderId: decided.orderId,
        customerId: owner?.customerId ?? null,
        amountCents: decided.amount,
        details: { held: decided.id, kind: decided.code, containers: decided.containers, recorded_by: decided.recordedBy, note },
      },
      now,
    );
    return { id: decided.id, decision, amount: decided.amount };
  });
}

/**
 * A balance due the team received later (paper vouchers by their rows, or cash), recorded in the
 * ledger with its audit line, never beyond what is owed.
 */
export async function recordDueReceived(app: FastifyInstance, actor: Actor, orderId: number, body: { means: 'paper_vouchers' | 'cash'; amount?: number; rows?: ReceivedVoucherRow[]; note?: string }) {
  const now = app.clock.now();
  const amount = body.means === 'paper_vouchers' ? receivedCents(body.rows ?? []) : body.amount!;
  return app.db.transaction(async (tx) => {
    const order = await orderOwner(tx, orderId);
    if (!order) throw notFound('Cette commande est introuvable.');
    const { settled, due } = await settleDue(tx, { order, means: body.means, amount, at: now, actor, note: body.note ?? null, details: body.rows ? { rows: body.rows } : undefined });
    await audit(tx, actor, { action: 'order.balance_received', orderId, customerId: order.customerId, amountCents: settled, details: { means: body.means, rows: body.rows ?? null, note: body.note ?? null, still_due: due } }, now);
    return { order_id: orderId, settled, due };
  });
}
