/**
 * Every database connection of a server busy for longer than a request may wait for one (the
 * pool's 5 s): the requests that got no connection answer 503 with the JSON envelope and a
 * Retry-After, not 500; those holding a connection finish normally once the database lets them.
 * The connections are kept busy honestly: cart additions waiting on a row lock held by the test.
 */
import { expect, it } from 'vitest';
import { allAtOnce, Client, dearestDish, oneServerPerFile, waitFor, type Answer } from './harness';

/** server/db/client.ts: pg.Pool max. */
const POOL_SIZE = 10;
const EXTRA = 5;

const file = oneServerPerFile();

it('answers 503 to the requests that waited too long for a connection, and serves the others', async () => {
  const clients = await Promise.all(
    Array.from({ length: POOL_SIZE + EXTRA }, async () => {
      const c = new Client(file.server.url);
      await c.get('/api/state');
      return c;
    }),
  );
  const date = (await clients[0]!.get('/api/state')).json.current_delivery_date as string;
  const dish = await dearestDish(file.server.url);
  const lock = await file.db.hold('select * from product_availabilities where product_id = $1 and date = $2 for update', [dish.id, date]);
  const started = Date.now();
  const answered: Answer[] = [];
  const pending = allAtOnce(clients.length, async (i) => {
    const answer = await clients[i]!.post('/api/cart/products', { id: dish.id });
    answered.push(answer);
    return answer;
  });
  try {
    // Every connection of the pool waits on the lock; the other requests wait for a connection.
    await waitFor('the pool to be busy on the lock', async () => (await file.db.one<number>("select count(*)::int from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [file.db.name])) === POOL_SIZE);
    // The requests without a connection are answered once the pool's 5 s wait is over, while the
    // others still wait on the lock; then the lock goes.
    await waitFor('the requests without a connection to be answered', () => answered.length >= EXTRA, 15_000);
  } finally {
    await lock.release();
  }
  const answers: Answer[] = await pending;
  const byStatus = (status: number) => answers.filter((a) => a.status === status);
  expect(answers.map((a) => a.status).sort()).toEqual([...Array(POOL_SIZE).fill(200), ...Array(EXTRA).fill(503)]);
  for (const a of byStatus(503)) {
    expect(a.json).toEqual({ message: 'Le service est momentanément indisponible. Merci de réessayer dans un instant.', code: 'service_unavailable' });
    expect(a.headers.get('retry-after')).toBe('5');
  }
  expect(await file.db.one('select reserved from product_availabilities where product_id = $1 and date = $2', [dish.id, date])).toBe(POOL_SIZE);
  // The server is fine afterwards.
  expect((await clients[0]!.get('/api/health')).status).toBe(200);
  console.info(`pool exhausted: ${POOL_SIZE} requests held ${Date.now() - started} ms answered 200, ${EXTRA} past the pool's wait answered 503`);
});
