import { plural } from '../../lib/format';
import type { RoundEvent, RoundEventResult } from '../../shared/api/courier-round';
import { EVENTS_PER_SEND_MAX } from '../../shared/api/courier-round';

/**
 * The courier's outbox, as pure rules (the storage and the sending are in outbox.ts and
 * round-sync.ts). Every action at a stop is kept on the phone with the round it belongs to, and
 * stays there after it is sent: "Annuler" needs the id of the order's last action even once the
 * server has it, and the display needs it until the round is read again.
 */

export type KeptStatus = 'pending' | 'sent' | 'rejected';

export interface KeptEvent {
  /** What is sent, as the server's schema has it; `event.id` is the key everywhere. */
  event: RoundEvent;
  tour_id: number;
  date: string;
  /** The courier's tap that made it: "Remis" is up to three events, undone together. */
  tap: string;
  /** Its rank on this phone (ms clock plus a counter): events go out in the order they were made. */
  seq: number;
  status: KeptStatus;
  /** When the server said it had it (applied or duplicate): the round read after that shows it. */
  sent_at?: number;
  /** Whose bag, as the courier saw it ('Léa D., F2026-000123'): a refusal names it even once the bag left the round. */
  label?: string;
  /** The server's refusal, shown until the courier acknowledges it. */
  rejection?: { code?: string; message: string };
}

/** A round's events go to its own address (tour and date). */
export const roundKey = (entry: Pick<KeptEvent, 'tour_id' | 'date'>) => `${entry.tour_id}|${entry.date}`;

/** What is still to send: pending events, per round, in the order they were made, at most EVENTS_PER_SEND_MAX a call. */
export function batchesToSend(entries: readonly KeptEvent[], max = EVENTS_PER_SEND_MAX): KeptEvent[][] {
  const byRound = new Map<string, KeptEvent[]>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.status !== 'pending') continue;
    const list = byRound.get(roundKey(entry)) ?? [];
    list.push(entry);
    byRound.set(roundKey(entry), list);
  }
  const batches: KeptEvent[][] = [];
  for (const list of byRound.values()) for (let i = 0; i < list.length; i += max) batches.push(list.slice(i, i + max));
  return batches;
}

/**
 * The server's answer applied to what was sent. Applied and duplicate both mean the server has it:
 * the event is sent. Rejected keeps it, with its message, until acknowledged. An event the answer
 * does not mention stays pending (sent again later with the same id: the server applies it once).
 */
export function settle(batch: readonly KeptEvent[], results: readonly RoundEventResult[], now: number): KeptEvent[] {
  const byId = new Map(results.map((result) => [result.id, result]));
  return batch.map((entry) => {
    const result = byId.get(entry.event.id);
    if (!result) return entry;
    if (result.status === 'rejected') {
      return { ...entry, status: 'rejected', rejection: { code: result.code, message: result.message ?? 'Action refusée par le serveur.' } };
    }
    return { ...entry, status: 'sent', sent_at: now };
  });
}

/** A whole call refused for good (a 4xx that asking again will not change): each of its events is rejected with that message. */
export const rejectAll = (batch: readonly KeptEvent[], message: string, code?: string): KeptEvent[] =>
  batch.map((entry) => ({ ...entry, status: 'rejected', rejection: { code, message } }));

/**
 * Whether a failed call is worth sending again. The network, a lost answer, a busy or broken server,
 * a session to open again or a token to refresh: yes, with the same ids. Any other refusal of the
 * whole call (the round unknown, a malformed action): no, the courier is told.
 */
export function worthRetrying(status: number): boolean {
  return status === 0 || status >= 500 || [401, 403, 408, 419, 429].includes(status);
}

/** The wait before the next try after `failures` failed ones in a row: 5 s, 10 s, 20 s, 40 s, then every 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failures - 1), 60_000);
}

export const pendingOf = (entries: readonly KeptEvent[]) => entries.filter((entry) => entry.status === 'pending');
/** How many of the courier's taps still wait to be sent, whole or in part. */
export const pendingActions = (entries: readonly KeptEvent[]) => new Set(pendingOf(entries).map((entry) => entry.tap)).size;
export const rejectedOf = (entries: readonly KeptEvent[]) => entries.filter((entry) => entry.status === 'rejected');

/** Sent events older than this leave the phone: their round is long closed. */
export const SENT_KEPT_MS = 3 * 24 * 3600 * 1000;

/** The sent events to forget: older than SENT_KEPT_MS. Pending and rejected ones are never forgotten. */
export const forgettable = (entries: readonly KeptEvent[], now: number): string[] =>
  entries.filter((entry) => entry.status === 'sent' && now - (entry.sent_at ?? 0) > SENT_KEPT_MS).map((entry) => entry.event.id);

/** 'depuis 4 min' for the oldest pending action. */
export function sinceLabel(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'depuis moins d’une minute';
  if (minutes < 60) return `depuis ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `depuis ${hours} h` : `depuis ${Math.floor(hours / 24)} j`;
}

/**
 * The header's line: 'Tout est envoyé', or '3 actions en attente d’envoi depuis 4 min'. An action
 * is what the courier tapped: "Remis" with its vouchers and containers is one.
 */
export function outboxLabel(entries: readonly KeptEvent[], now: number): string {
  const pending = pendingOf(entries);
  if (pending.length === 0) return 'Tout est envoyé';
  const oldest = Math.min(...pending.map((entry) => Date.parse(entry.event.at)));
  return `${plural(pendingActions(entries), 'action', 'actions')} en attente d’envoi ${sinceLabel(now - oldest)}`;
}
