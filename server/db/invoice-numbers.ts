import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { invoiceCounters } from './schema';

/**
 * Takes the next invoice number of a year: F2026-000001, continuous. Here, below the modules:
 * placing an order takes one (checkout), and so does the demo's seed of past orders.
 */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning();
  return `F${year}-${String(row!.last).padStart(6, '0')}`;
}
