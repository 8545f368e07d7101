/**
 * SIGTERM with a request in flight: the request (held up honestly by a row lock in PostgreSQL)
 * finishes with its normal answer, the listener closes at once (new connections are refused), and
 * the process exits 0 once the request is done.
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { Client, dearestDish, oneServerPerFile, waitFor } from './harness';

const file = oneServerPerFile();

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

it('drains the request in flight, refuses new connections and exits 0', async () => {
  const client = new Client(file.server.url);
  const state = await client.get('/api/state');
  const dish = await dearestDish(file.server.url);
  // Adding to the cart takes a portion with an UPDATE of this row: hold it.
  const lock = await file.db.hold('select * from product_availabilities where product_id = $1 and date = $2 for update', [dish.id, state.json.current_delivery_date]);
  const inFlight = client.post('/api/cart/products', { id: dish.id });
  const waitingOnTheRow = () => file.db.one<number>("select count(*)::int from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [file.db.name]);
  // Whether the process ended while the request was still held.
  let released = false;
  let exitedWhileHeld = false;
  void file.server.exit!.then(() => (exitedWhileHeld = !released));
  let waitedMs: number;
  try {
    await waitFor('the cart request to wait on the held row', async () => (await waitingOnTheRow()) === 1);
    const signalled = Date.now();
    file.server.child!.kill('SIGTERM');
    // The listener closes as the shutdown starts draining (app.close).
    await waitFor('the listener to close', () => refused(file.server.port), 5_000, 20);
    // Draining: the process is there, its request still waits on the row.
    expect(file.server.child!.exitCode).toBeNull();
    expect(await waitingOnTheRow()).toBe(1);
    waitedMs = Date.now() - signalled;
  } finally {
    released = true;
    await lock.release();
  }
  const answer = await inFlight;
  expect(answer.status, answer.body).toBe(200);
  expect((answer.json as { products: { product_id: number }[] }).products.map((p) => p.product_id)).toEqual([dish.id]);
  expect(await file.server.exit, file.server.output).toEqual({ code: 0, signal: null });
  expect(exitedWhileHeld, 'the process ended before the request it was draining').toBe(false);
  // The portion taken by the drained request is committed.
  expect(await file.db.one('select reserved from product_availabilities where product_id = $1 and date = $2', [dish.id, state.json.current_delivery_date])).toBe(1);
  console.info(`graceful shutdown: request held ${waitedMs} ms after SIGTERM, answered 200, exit 0`);
});
