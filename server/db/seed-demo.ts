import { sql } from 'drizzle-orm';
import { addDays, parisDate } from '#shared/time';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import * as t from './schema';
import { seedDemoOrders } from './seed-orders';
import { WORKING_DAYS_AHEAD, workingDays } from './seed-reference';

export const DEMO_CUSTOMER = { email: 'demo@popote.fr', password: 'popote-demo' } as const;
/** The demo's team, one account per role, with the demo customer's password. */
export const DEMO_STAFF = [
  { email: 'admin@popote.fr', name: 'Alice Admin', roles: ['admin'] },
  { email: 'cuisine@popote.fr', name: 'Camille Cuisine', roles: ['cuisine'] },
  { email: 'livreur@popote.fr', name: 'Louis Livreur', roles: ['livreur'] },
] as const satisfies { email: string; name: string; roles: t.StaffRole[] }[];

/**
 * The demo's own data, on top of the reference data: two promo codes and a customer with a
 * sponsor code, a pool, containers to return and past orders (their money in the ledger). Every row is marked `demo` (refused
 * at login outside the demo); production never starts on a database that ran the demo before its
 * rows are removed (database-mode.ts). The team's three accounts sign in without a second factor:
 * they are public.
 */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  const today = parisDate(now);
  const days = workingDays(today, WORKING_DAYS_AHEAD);
  const demoPasswordHash = await hashPassword(DEMO_CUSTOMER.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(t.staff)
      .values(DEMO_STAFF.map((member) => ({ ...member, roles: [...member.roles], passwordHash: demoPasswordHash, demo: true })))
      .onConflictDoNothing();
    await tx
      .insert(t.discounts)
      .values([
        { code: 'BIENVENUE10', amountType: 1, amount: 10, startsOn: today, endsOn: addDays(today, 365), maxUses: 1000, firstOrderOnly: true, demo: true },
        { code: 'DEJEUNER3', amountType: 2, amount: 300, startsOn: today, endsOn: addDays(today, 365), maxUses: 500, demo: true },
      ])
      .onConflictDoNothing();

    await tx
      .insert(t.customers)
      .values({
        firstname: 'Camille',
        lastname: 'Martin',
        companyName: 'Atelier Lumière',
        email: DEMO_CUSTOMER.email,
        phone: '06 12 34 56 78',
        passwordHash: demoPasswordHash,
        sponsorCode: 'CAMILLE5',
        demo: true,
      })
      .onConflictDoNothing();
    const [demo] = await tx.select({ id: t.customers.id }).from(t.customers).where(sql`${t.customers.email} = ${DEMO_CUSTOMER.email}`);
    if (demo) await seedDemoOrders(tx, demo.id, days[0]!);
  });
}
