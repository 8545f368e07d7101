import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceCounters } from '../../db/schema';

/** Takes the next invoice number of a year: F2026-000001, continuous. */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning();
  return `F${year}-${String(row!.last).padStart(6, '0')}`;
}
