/**
 * What the app keeps on the device (localStorage, or sessionStorage for this tab only), as JSON.
 * Storage can refuse (private modes, a full disk, a blocked site) and anything kept can be
 * unreadable: these never throw, and what cannot be kept is simply not kept.
 */
type Area = 'local' | 'session';

const storage = (area: Area): Storage => (area === 'local' ? localStorage : sessionStorage);

/** The device's (`local`) or this tab's (`session`) storage, or null where the browser refuses it (its very getter throws then). */
export function storageOrNull(area: Area): Storage | null {
  try {
    return storage(area);
  } catch {
    return null;
  }
}

/** The value kept under `key`, or null: none, unreadable, or storage refused. */
export function readStored(key: string, area: Area = 'local'): unknown {
  try {
    const raw = storage(area).getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown, area: Area = 'local'): void {
  try {
    storage(area).setItem(key, JSON.stringify(value));
  } catch {
    // Refused or full: not kept.
  }
}

export function removeStored(key: string, area: Area = 'local'): void {
  try {
    storage(area).removeItem(key);
  } catch {
    // Nothing could have been kept.
  }
}
