import type { Database } from '../../db/client';
import type { LiveEvent } from '#shared/api/events';
import { eventsBetween, keptSince, type EventRow } from './events.repo';

/** Who a stream is for: the lines it may be told. */
export type Audience = { kind: 'shop'; date: string | null; customerId: number | null } | { kind: 'team'; date: string };

export interface Listener {
  audience: Audience;
  /** Tells the stream its events and the position after them. */
  send(events: LiveEvent[], position: string): void;
}

/** Whether a line is news for an audience: the shop hears its day's dishes and its own orders, the team its day. */
export function heard(row: EventRow, audience: Audience): boolean {
  // An arrival is the customer's own news (the team has its round).
  if (row.kind === 'arrival') return audience.kind === 'shop' && audience.customerId !== null && row.customerId === audience.customerId;
  if (audience.kind === 'team') return row.date === audience.date;
  if (row.kind === 'stock' || row.kind === 'catalog') return row.date !== null && row.date === audience.date;
  if (row.kind === 'order') return audience.customerId !== null && row.customerId === audience.customerId;
  return false;
}

/** A line as its stream sends it (the customer's id stays on the server). */
export const liveEventOf = (row: EventRow): LiveEvent => ({ kind: row.kind, date: row.date, ...row.data }) as LiveEvent;

/** Past this many lines missed, a reconnecting page reads everything again instead. */
export const REPLAY_LIMIT = 500;
/** While lines wait behind a transaction still running, they are looked for again this often. */
const WAITING_RETRY_MS = 250;

/**
 * The one reader of the events table in this process, telling each open stream its news
 * (docs/architecture.md, "News to open pages"). It reads when the database says lines were added
 * (LISTEN popote_events, whichever process added them), in the order their transactions ended
 * (events.repo.ts), one read at a time, and hands each stream the lines of its audience.
 */
export class EventsHub {
  #position: string | null = null;
  #listeners = new Set<Listener>();
  #reading: Promise<void> | null = null;
  #again = false;
  #retry: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts listening: the first read sets where this process starts from. */
  async start(): Promise<void> {
    this.#unsubscribe = this.database.onEvents(() => this.read());
    await this.read();
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe?.();
    if (this.#retry) clearTimeout(this.#retry);
    this.#listeners.clear();
  }

  get streams(): number {
    return this.#listeners.size;
  }

  /**
   * Adds a stream, and answers what it missed since `since` (its Last-Event-ID) up to where the
   * live news starts for it, or 'reset' when that cannot be told. Everything at or after the
   * position answered reaches `listener.send`, so nothing falls between the two.
   */
  async subscribe(listener: Listener, since: string | null): Promise<{ missed: LiveEvent[] | 'reset'; position: string; unsubscribe: () => void }> {
    if (this.#position === null) await this.read();
    const position = this.#position!;
    this.#listeners.add(listener);
    const unsubscribe = () => void this.#listeners.delete(listener);
    if (since === null || since === position) return { missed: [], position, unsubscribe };
    if (!/^\d{1,20}$/.test(since) || BigInt(since) > BigInt(position) || !(await keptSince(this.database.db, since))) return { missed: 'reset', position, unsubscribe };
    const { rows, full } = await eventsBetween(this.database.db, since, position);
    const mine = rows.filter((row) => heard(row, listener.audience));
    return { missed: full || mine.length > REPLAY_LIMIT ? 'reset' : mine.map(liveEventOf), position, unsubscribe };
  }

  /** Reads what was added since the last read; a notification meanwhile makes one more read after it. */
  read(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      do {
        this.#again = false;
        try {
          await this.#readOnce();
        } catch (err) {
          // The database is away: the next notification, or the next connection, reads again.
          this.onError(err);
        }
      } while (this.#again && !this.#closed);
    })().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  async #readOnce(): Promise<void> {
    const { rows, position, waiting, full } = await eventsBetween(this.database.db, this.#position);
    // The position moves and the lines go out in the same turn: a stream subscribing meanwhile
    // takes one position or the other, and hears every line after it.
    this.#position = position;
    if (full) {
      for (const listener of this.#listeners) listener.send([{ kind: 'reset' }], position);
    } else if (rows.length) {
      for (const listener of this.#listeners) {
        const mine = rows.filter((row) => heard(row, listener.audience));
        if (mine.length) listener.send(mine.map(liveEventOf), position);
      }
    }
    if (waiting && !this.#retry && !this.#closed) {
      this.#retry = setTimeout(() => {
        this.#retry = null;
        void this.read();
      }, WAITING_RETRY_MS);
      this.#retry.unref();
    }
  }
}
