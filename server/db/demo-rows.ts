import { eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { carts, customers, sessions, staff, staffSessions } from './schema';

/**
 * A session whose customer is a demo row does not count where the demo's rows are inert (a
 * production start on a database that once ran the demo): it reads as no session at all.
 * `allowDemo` is a value or a prepared statement's placeholder.
 */
export function sessionOwnerAllowed(allowDemo: boolean | Placeholder): SQL {
  return sql`(${allowDemo}::boolean or ${sessions.customerId} is null or not exists (select 1 from ${customers} d where d.id = ${sessions.customerId} and d.demo))`;
}

/**
 * A production start forgets the demo's customers and team: their sessions are deleted, their carts expire
 * now (the sweep gives their portions back, as for any cart); their pools are emptied by the
 * ledger (server/app.ts), so nothing opened or seeded while the database ran the demo can pay or
 * order. Their rows stay, inert (no login, no code), as the demo's orders do.
 */
export async function forgetDemoCustomers(db: Db, now: Date): Promise<void> {
  const demo = db.select({ id: customers.id }).from(customers).where(eq(customers.demo, true));
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(inArray(sessions.customerId, demo));
    await tx.update(carts).set({ expiresAt: now }).where(inArray(carts.customerId, demo));
    await tx.delete(staffSessions).where(inArray(staffSessions.staffId, db.select({ id: staff.id }).from(staff).where(eq(staff.demo, true))));
  });
}

/** The demo's customers (their rows stay, inert, in a production database that ran the demo). */
export async function demoCustomerIds(db: Db): Promise<number[]> {
  return (await db.select({ id: customers.id }).from(customers).where(eq(customers.demo, true))).map((r) => r.id);
}
