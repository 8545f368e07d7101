import { createStore, delMany, entries as idbEntries, setMany } from 'idb-keyval';
import type { RoundEvent } from '../../shared/api/courier-round';
import { forgettable, pendingActions, type KeptEvent } from './outbox-rules';
import type { NewEvent } from './round-display';

/**
 * The courier's actions kept on the phone (IndexedDB), written before the screen changes: what was
 * tapped survives a reload, a closed browser and a dead battery, and is sent when the network
 * allows (round-sync.ts). Every tab of the app shares it; a change in one is told to the others.
 */

export interface OutboxStorage {
  all(): Promise<KeptEvent[]>;
  put(entries: KeptEvent[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
}

/** IndexedDB, a database of its own (the shop's query copy lives in idb-keyval's default one). */
export function idbStorage(): OutboxStorage {
  const store = createStore('popote-round', 'events');
  return {
    all: async () => (await idbEntries<string, KeptEvent>(store)).map(([, entry]) => entry),
    put: (entries) => setMany(entries.map((entry) => [entry.event.id, entry]), store),
    remove: (ids) => delMany(ids, store),
  };
}

/** In memory: the unit tests', and a browser without IndexedDB (private modes of old browsers). */
export function memoryStorage(): OutboxStorage {
  const kept = new Map<string, KeptEvent>();
  return {
    all: async () => [...kept.values()].map((entry) => structuredClone(entry)),
    put: async (entries) => void entries.forEach((entry) => kept.set(entry.event.id, structuredClone(entry))),
    remove: async (ids) => void ids.forEach((id) => kept.delete(id)),
  };
}

/**
 * A version 4 UUID, the form the server checks. randomUUID needs a secure context (https, or
 * localhost); the fallback builds the same from random bytes.
 */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Listener = () => void;

/** The outbox: its entries as last read, and what changes them. */
export class Outbox {
  private entries: readonly KeptEvent[] = [];
  private listeners = new Set<Listener>();
  private lastSeq = 0;
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly storage: OutboxStorage,
    private readonly tellOthers: () => void = () => {},
  ) {}

  /** The entries as last read (a new array after each change, for React's useSyncExternalStore). */
  snapshot = (): readonly KeptEvent[] => this.entries;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the storage again (at start, and when another tab changed it). Old sent events are forgotten then. */
  async reload(now = Date.now()): Promise<void> {
    const all = await this.storage.all();
    const old = forgettable(all, now);
    if (old.length > 0) await this.storage.remove(old);
    this.entries = all.filter((entry) => !old.includes(entry.event.id));
    this.lastSeq = Math.max(this.lastSeq, ...this.entries.map((entry) => entry.seq));
    this.changed(false);
  }

  /** Loaded once; every change waits for it. */
  ready(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded;
  }

  /**
   * Records one tap's events for a round: kept in the storage first, shown after. Each gets its UUID
   * made here (the server applies an id once) and the phone's time.
   */
  async record(round: { tour_id: number; date: string }, events: NewEvent[], now = new Date(), label?: string): Promise<KeptEvent[]> {
    await this.ready();
    const tap = newEventId();
    const at = now.toISOString();
    const made = events.map((event): KeptEvent => {
      this.lastSeq = Math.max(this.lastSeq + 1, now.getTime());
      return { event: { ...event, id: newEventId(), at } as RoundEvent, tour_id: round.tour_id, date: round.date, tap, seq: this.lastSeq, status: 'pending', ...(label ? { label } : {}) };
    });
    await this.storage.put(made);
    this.entries = [...this.entries, ...made];
    this.changed();
    return made;
  }

  /** Replaces entries by their new state (after an answer): stored first. */
  async update(updated: KeptEvent[]): Promise<void> {
    if (updated.length === 0) return;
    await this.storage.put(updated);
    const byId = new Map(updated.map((entry) => [entry.event.id, entry]));
    this.entries = this.entries.map((entry) => byId.get(entry.event.id) ?? entry);
    this.changed();
  }

  /** The courier read a refusal ("J'ai compris"): the refused action leaves the phone. */
  async acknowledge(id: string): Promise<void> {
    await this.storage.remove([id]);
    this.entries = this.entries.filter((entry) => entry.event.id !== id);
    this.changed();
  }

  /** The storage's current pending entries, read afresh (another tab may have sent some). */
  async pendingNow(): Promise<KeptEvent[]> {
    return (await this.storage.all()).filter((entry) => entry.status === 'pending');
  }

  private changed(tell = true) {
    this.entries = [...this.entries];
    for (const listener of this.listeners) listener();
    if (tell) this.tellOthers();
  }
}

/**
 * How many of the courier's taps this phone still has to send (0 when IndexedDB cannot be read):
 * asked before a logout, since they would leave with the next member's session.
 */
export async function unsentTaps(): Promise<number> {
  try {
    return pendingActions(await idbStorage().all());
  } catch {
    return 0;
  }
}
