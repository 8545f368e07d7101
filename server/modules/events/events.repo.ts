import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { events } from '../../db/schema';

/** A line of the events table as the streams read it. */
export interface EventRow {
  id: number;
  txid: string;
  kind: 'stock' | 'catalog' | 'order' | 'round' | 'arrival';
  date: string | null;
  customerId: number | null;
  data: Record<string, unknown>;
}

/** Lines read at most at once: past it, the readers are told to read everything again. */
export const EVENTS_BATCH = 2_000;


/**
 * A position is a transaction id such that every transaction below it has ended (committed or
 * not): `pg_snapshot_xmin` of the current snapshot. The lines of transactions from `from` up to
 * the current position are complete and will never change; lines of a transaction at or above it
 * may still be joined by others that commit later with a lower id, so they wait for the next read.
 * Ordering by the lines' bigserial id would not do: ids are taken when a line is written, not when
 * its transaction commits, and a reader advancing past an id would miss a smaller one committed
 * after it.
 *
 * Answers the lines in [from, position), the position, whether lines at or above it are waiting
 * (committed while an older transaction still runs: read again soon), and whether the batch was
 * full (then the position still moved to the end: what lay beyond is not told, readers reset).
 */
export async function eventsBetween(db: Db, from: string | null, until: string | null = null): Promise<{ rows: EventRow[]; position: string; waiting: boolean; full: boolean }> {
  // One statement, one snapshot: its horizon, the lines below it and whether any wait above it.
  const [answer] = rowsOf<{ horizon: string; waiting: boolean; rows: EventRow[] | null }>(
    await db.execute(sql`
      with h as (select pg_snapshot_xmin(pg_current_snapshot()) as x)
      select h.x::text as horizon,
        exists (select 1 from ${events} where txid >= h.x) as waiting,
        ${
          from === null
            ? sql`null::json`
            : sql`(select json_agg(r order by r.txid_order, r.id) from (
                select id::int as id, txid::text as txid, txid as txid_order, kind, to_char(date, 'YYYY-MM-DD') as date, customer_id as "customerId", data
                from ${events}
                where txid >= ${from}::xid8 and txid < h.x ${until === null ? sql`` : sql`and txid < ${until}::xid8`}
                order by txid, id
                limit ${EVENTS_BATCH}) r)`
        } as rows
      from h`),
  );
  const position = until !== null && BigInt(until) < BigInt(answer!.horizon) ? until : answer!.horizon;
  const rows = (answer!.rows ?? []).map(({ id, txid, kind, date, customerId, data }) => ({ id, txid, kind, date, customerId, data }));
  return { rows, position, waiting: answer!.waiting, full: rows.length === EVENTS_BATCH };
}

/**
 * Whether lines from `position` on are all still kept: some line older than it is, so the purge
 * (two days, server/lib/purge.ts) has not reached it. A page back after longer is told to read everything again.
 */
export async function keptSince(db: Db, position: string): Promise<boolean> {
  const [row] = rowsOf<{ kept: boolean }>(await db.execute(sql`select exists (select 1 from ${events} where txid < ${position}::xid8) as kept`));
  return Boolean(row?.kept);
}
