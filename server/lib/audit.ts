import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { addDays, parisInstant } from '#shared/time';
import type { AuditEntry } from '#shared/api/staff';
import type { Db, Tx } from '../db/client';
import { auditLog, customers, orders, products, roundEvents, staff } from '../db/schema';
import { auditText, type AuditNames } from './audit-text';

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

type AuditRow = typeof auditLog.$inferSelect;

/** 'Julien R.' */
const shortName = (firstname: string, lastname: string) => [firstname.trim(), [...lastname.trim()][0] ? `${[...lastname.trim()][0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');

/** The names the lines point to (members, orders and their customers, dishes, undone events), read at once. */
async function namesOf(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])))];
  const productIds = [...new Set(rows.flatMap((r) => (r.productId === null ? [] : [r.productId])))];
  const eventIds = [...new Set(rows.flatMap((r) => (typeof r.details.undoes === 'string' ? [r.details.undoes] : [])))];
  const [orderRows, productRows, staffRows, eventRows] = await Promise.all([
    orderIds.length ? db.select({ id: orders.id, invoice: orders.invoiceNumber, customerId: orders.customerId }).from(orders).where(inArray(orders.id, orderIds)) : [],
    productIds.length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)) : [],
    db.select({ email: staff.email, name: staff.name }).from(staff),
    eventIds.length ? db.select({ id: roundEvents.id, type: roundEvents.type }).from(roundEvents).where(inArray(roundEvents.id, eventIds)) : [],
  ]);
  const customerIds = [...new Set([...rows.flatMap((r) => (r.customerId === null ? [] : [r.customerId])), ...orderRows.map((o) => o.customerId)])];
  const customerRows = customerIds.length ? await db.select({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname }).from(customers).where(inArray(customers.id, customerIds)) : [];
  return {
    staff: new Map(staffRows.map((s) => [s.email, s.name])),
    orders: new Map(orderRows.map((o) => [o.id, { invoice: o.invoice, customerId: o.customerId }])),
    customers: new Map(customerRows.map((c) => [c.id, shortName(c.firstname, c.lastname)])),
    products: new Map(productRows.map((p) => [p.id, p.name])),
    events: new Map(eventRows.map((e) => [e.id, e.type])),
  };
}

/**
 * The trail of a Paris day, oldest first, each line with its sentence (`text`, audit-text.ts):
 * worded as it is read, from the sealed fields and the names they point to, never stored.
 */
export async function auditOfDay(db: Db, date: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(gte(auditLog.at, parisInstant(date, '00:00:00')), lt(auditLog.at, parisInstant(addDays(date, 1), '00:00:00'))))
    .orderBy(asc(auditLog.id));
  const names = await namesOf(db, rows);
  return rows.map((r) => ({
    text: auditText({ staff: r.staffEmail, action: r.action, order_id: r.orderId, customer_id: r.customerId, product_id: r.productId, amount: r.amountCents, details: r.details }, names),
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
