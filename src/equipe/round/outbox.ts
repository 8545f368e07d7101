import { createStore, delMany, entries as idbEntries, setMany } from 'idb-keyval';
import type { SentRoundEvent } from '../../shared/api/courier-round';
import { forgettable, KEPT_FORMAT, pendingActions, pendingOf, upgradeKept, type KeptAuthor, type KeptEvent } from './outbox-rules';
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

/**
 * IndexedDB, a database of its own (the shop's query copy lives in idb-keyval's default one). The
 * database is opened at the first use, and opened again after a failure: a refusal (storage
 * blocked, a private mode, a full disk) is never kept for good, so the outbox can come back to it.
 */
export function idbStorage(): OutboxStorage {
  let store: ReturnType<typeof createStore> | null = null;
  const withStore = async <T>(run: (kept: ReturnType<typeof createStore>) => Promise<T>): Promise<T> => {
    try {
      // createStore opens at once, and throws at once where the browser refuses IndexedDB.
      store ??= createStore('popote-round', 'events');
      return await run(store);
    } catch (error) {
      store = null;
      throw error;
    }
  };
  return {
    all: () => withStore(async (kept) => (await idbEntries<string, unknown>(kept)).map(([, entry]) => entry as KeptEvent)),
    put: (entries) => withStore((kept) => setMany(entries.map((entry) => [entry.event.id, entry]), kept)),
    remove: (ids) => withStore((kept) => delMany(ids, kept)),
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

/**
 * Where the actions are kept: not known yet (opening), on the phone (IndexedDB), or nowhere
 * (IndexedDB refused: in the page's memory only, each action sent at once, one at a time, while
 * the opening is tried again).
 */
export type OutboxMode = 'opening' | 'kept' | 'direct';

/** The outbox: its entries as last read, and what changes them. */
export class Outbox {
  private entries: readonly KeptEvent[] = [];
  private listeners = new Set<Listener>();
  private lastSeq = 0;
  private loaded: Promise<void> | null = null;
  private storage: OutboxStorage;
  mode: OutboxMode = 'opening';

  constructor(
    private readonly kept: OutboxStorage,
    private readonly tellOthers: () => void = () => {},
    /** Where actions wait while the phone's storage is refused. */
    private readonly memory: OutboxStorage = memoryStorage(),
  ) {
    this.storage = kept;
  }

  /** The entries as last read (a new array after each change, for React's useSyncExternalStore). */
  snapshot = (): readonly KeptEvent[] => this.entries;
  modeSnapshot = (): OutboxMode => this.mode;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the storage again (at start, and when another tab changed it). Old sent events are forgotten then. */
  async reload(now = Date.now()): Promise<void> {
    const all = (await this.storage.all()).flatMap((raw) => upgradeKept(raw) ?? []);
    const old = forgettable(all, now);
    if (old.length > 0) await this.storage.remove(old);
    this.entries = all.filter((entry) => !old.includes(entry.event.id));
    this.lastSeq = Math.max(this.lastSeq, ...this.entries.map((entry) => entry.seq));
    this.changed(false);
  }

  /**
   * Loaded once; every change waits for it. When the phone's storage refuses, the outbox works in
   * memory ('direct') and the next call tries to open it again; once it opens, what waited in
   * memory moves into it.
   */
  ready(): Promise<void> {
    this.loaded ??= this.open();
    return this.loaded;
  }

  private async open(): Promise<void> {
    try {
      await this.kept.all();
      const waiting = this.mode === 'direct' ? await this.memory.all() : [];
      if (waiting.length > 0) {
        await this.kept.put(waiting);
        await this.memory.remove(waiting.map((entry) => entry.event.id));
      }
      this.storage = this.kept;
      await this.reload();
      this.setMode('kept');
    } catch {
      this.storage = this.memory;
      this.setMode('direct');
      // Not kept for good: the next action, sending or start tries the phone's storage again.
      this.loaded = null;
      await this.reload();
    }
  }

  private setMode(mode: OutboxMode) {
    if (this.mode === mode) return;
    this.mode = mode;
    for (const listener of this.listeners) listener();
  }

  /**
   * Records one tap's events for a round: kept in the storage first, shown after. Each gets its UUID
   * made here (the server applies an id once) and the phone's time.
   */
  async record(round: { tour_id: number; date: string }, events: NewEvent[], now = new Date(), label?: string, author?: KeptAuthor | null): Promise<KeptEvent[]> {
    await this.ready();
    const tap = newEventId();
    const at = now.toISOString();
    const made = events.map((event): KeptEvent => {
      this.lastSeq = Math.max(this.lastSeq + 1, now.getTime());
      return {
        v: KEPT_FORMAT,
        author: author ? { id: author.id, name: author.name } : null,
        event: { ...event, id: newEventId(), at } as SentRoundEvent,
        tour_id: round.tour_id,
        date: round.date,
        tap,
        seq: this.lastSeq,
        status: 'pending',
        ...(label ? { label } : {}),
      };
    });
    try {
      await this.storage.put(made);
    } catch (error) {
      if (this.storage === this.memory) throw error;
      // The phone's storage refused meanwhile: the action is not lost, it waits in memory.
      this.storage = this.memory;
      this.setMode('direct');
      this.loaded = null;
      await this.memory.put(made);
    }
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

  /** The courier read a refusal ("J'ai compris"): the refused action (its tap's events) leaves the phone. */
  async acknowledge(ids: readonly string[]): Promise<void> {
    await this.storage.remove([...ids]);
    this.entries = this.entries.filter((entry) => !ids.includes(entry.event.id));
    this.changed();
  }

  /** The storage's current pending entries, read afresh (another tab may have sent some). */
  async pendingNow(): Promise<KeptEvent[]> {
    return (await this.storage.all()).flatMap((raw) => upgradeKept(raw) ?? []).filter((entry) => entry.status === 'pending');
  }

  private changed(tell = true) {
    this.entries = [...this.entries];
    for (const listener of this.listeners) listener();
    if (tell) this.tellOthers();
  }
}

/**
 * The courier's taps this phone still has to send (none when IndexedDB cannot be read): asked
 * before a logout, and by the login after a session ended.
 */
export async function unsentEntries(): Promise<KeptEvent[]> {
  try {
    return pendingOf((await idbStorage().all()).flatMap((raw) => upgradeKept(raw) ?? []));
  } catch {
    return [];
  }
}

export const unsentTaps = async (): Promise<number> => pendingActions(await unsentEntries());
