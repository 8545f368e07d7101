import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { customers, sessions } from './schema';

/**
 * A session whose customer is a demo row does not count where demo data is not allowed: it reads
 * as no session at all. Production never starts on a database that ran the demo before its rows
 * are removed (server/db/database-mode.ts); this is the second lock on the same door.
 * `allowDemo` is a value or a prepared statement's placeholder.
 */
export function sessionOwnerAllowed(allowDemo: boolean | Placeholder): SQL {
  return sql`(${allowDemo}::boolean or ${sessions.customerId} is null or not exists (select 1 from ${customers} d where d.id = ${sessions.customerId} and d.demo))`;
}
