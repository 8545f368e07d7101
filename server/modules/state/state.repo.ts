import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactTypes, customers, edenredAccounts } from '../../db/schema';

export async function readContactTypes(db: Db): Promise<Record<string, string>> {
  const rows = await db.select().from(contactTypes).orderBy(asc(contactTypes.position), asc(contactTypes.key));
  return Object.fromEntries(rows.map((r) => [r.key, r.label]));
}

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      lastDeliveryId: customers.lastDeliveryId,
      // In the same round trip: whether an Edenred account is linked (edenred.service.ts, isConnected).
      edenredLinked: sql<boolean>`exists(select 1 from ${edenredAccounts} where ${edenredAccounts.customerId} = ${customers.id})`,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}
