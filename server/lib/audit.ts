import { and, asc, gte, lt } from 'drizzle-orm';
import { addDays, parisInstant } from '#shared/time';
import type { AuditEntry } from '#shared/api/staff';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acts: a team member, as their session knows them, and the request that carries the action. */
export interface Actor {
  staffId: number | null;
  staffEmail: string | null;
  requestId: string | null;
}

export interface AuditEvent {
  action: string;
  orderId?: number | null;
  customerId?: number | null;
  productId?: number | null;
  amountCents?: number | null;
  details?: Record<string, unknown>;
  /** The phone's time, for what was done on one (the courier's round). */
  deviceAt?: Date | null;
}

/**
 * Appends one line to the audit trail, in the caller's transaction when it has one: the action
 * and its trace commit together or not at all. The table refuses updates and deletes (a trigger).
 */
export async function audit(db: Db | Tx, actor: Actor, event: AuditEvent, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    deviceAt: event.deviceAt ?? null,
    staffId: actor.staffId,
    staffEmail: actor.staffEmail,
    action: event.action,
    orderId: event.orderId ?? null,
    customerId: event.customerId ?? null,
    productId: event.productId ?? null,
    amountCents: event.amountCents ?? null,
    details: event.details ?? {},
    requestId: actor.requestId,
  });
}

/** The trail of a Paris day, oldest first. */
export async function auditOfDay(db: Db, date: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(gte(auditLog.at, parisInstant(date, '00:00:00')), lt(auditLog.at, parisInstant(addDays(date, 1), '00:00:00'))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    device_at: r.deviceAt?.toISOString() ?? null,
    staff: r.staffEmail,
    action: r.action,
    order_id: r.orderId,
    customer_id: r.customerId,
    product_id: r.productId,
    amount: r.amountCents,
    details: r.details,
    request_id: r.requestId,
  }));
}
