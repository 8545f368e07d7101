import type pg from 'pg';
import type { Database } from '../../server/db/client';

type Query = (...args: unknown[]) => unknown;
interface Queryable {
  query: Query;
  exec?: Query;
}

const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? String(arg)));

/**
 * Counts the statements the app sends to its database, each a round trip: on PGlite every query,
 * exec and a transaction's BEGIN and COMMIT; on PostgreSQL every query of every pooled connection
 * (a transaction's BEGIN and COMMIT are queries there). `during` answers what ran inside it.
 */
export function queryCounter(database: Database) {
  let log: string[] | null = null;
  const note = (text: string) => log?.push(text.replace(/\s+/g, ' ').trim());
  const wrap = (target: Queryable, method: 'query' | 'exec') => {
    const original = target[method]!.bind(target);
    target[method] = (...args: unknown[]) => {
      note(textOf(args[0]));
      return original(...args);
    };
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const lite = client as Queryable & { transaction: (cb: (tx: Queryable) => Promise<unknown>) => Promise<unknown> };
    wrap(lite, 'query');
    wrap(lite, 'exec');
    const transaction = lite.transaction.bind(lite);
    lite.transaction = (cb) => {
      note('begin');
      return transaction(async (tx) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return cb(tx);
      }).finally(() => note('commit'));
    };
  } else {
    type Callback = (err: Error | undefined, c: pg.PoolClient, done: () => void) => void;
    const pool = client as { connect: (cb?: Callback) => unknown };
    const wrapped = new WeakSet<object>();
    const wrapClient = (c: pg.PoolClient) => {
      if (c && !wrapped.has(c)) {
        wrapped.add(c);
        wrap(c as unknown as Queryable, 'query');
      }
      return c;
    };
    const connect = pool.connect.bind(pool);
    pool.connect = (cb?: Callback) =>
      cb ? connect((err, c, done) => cb(err, wrapClient(c), done)) : (connect() as Promise<pg.PoolClient>).then(wrapClient);
  }
  return {
    /** The statements sent while `run` ran (its own awaits included). */
    async during(run: () => Promise<unknown>): Promise<string[]> {
      log = [];
      try {
        await run();
        return log;
      } finally {
        log = null;
      }
    },
  };
}
