import { plural } from '../../lib/format';
import type { ArrivedEvent, RoundEvent, RoundEventResult, SentRoundEvent } from '../../shared/api/courier-round';
import { EVENTS_PER_SEND_MAX, ROUND_ERRORS } from '../../shared/api/courier-round';

/**
 * The courier's outbox, as pure rules (the storage and the sending are in outbox.ts and
 * round-sync.ts). Every action at a stop is kept on the phone with the round it belongs to, and
 * stays there after it is sent: "Annuler" needs the id of the order's last action even once the
 * server has it, and the display needs it until the round is read again.
 */

export type KeptStatus = 'pending' | 'sent' | 'rejected';

/**
 * The format of what the phone keeps, written with each entry. 1 (no `v`): the first app's, with
 * no author, sent as written (with the session of whoever is logged in, as then). 2: the author.
 * A build that changes what it keeps bumps it and brings older entries up in `upgradeKept`.
 */
export const KEPT_FORMAT = 2;

/** The member who tapped: their taps leave only with their own session. */
export interface KeptAuthor {
  id: number;
  name: string;
}

export interface KeptEvent {
  /** The format it was written in (absent: 1). */
  v?: number;
  /** Who tapped it (absent in format 1: whoever is logged in sends it). */
  author?: KeptAuthor | null;
  /** What is sent, as the server's schema has it; `event.id` is the key everywhere. An order's action, or a stop's "Arrivé" (no order). */
  event: SentRoundEvent;
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

/** An order's action (not a stop's "Arrivé"). */
export type OrderEntry = KeptEvent & { event: RoundEvent };
export const isOrderEntry = (entry: KeptEvent): entry is OrderEntry => entry.event.type !== 'arrived';
/** The kept actions of one order: a stop's "Arrivé" names none. */
export const entriesOfOrder = (history: readonly KeptEvent[], orderId: number): OrderEntry[] => history.filter(isOrderEntry).filter((entry) => entry.event.order_id === orderId);

/** When this phone recorded "Arrivé" at a stop of a round (not refused), or null. */
export function keptArrival(history: readonly KeptEvent[], round: { tour_id: number; date: string }, locationId: number): string | null {
  const entry = history.find((e): e is KeptEvent & { event: ArrivedEvent } => e.event.type === 'arrived' && e.event.location_id === locationId && e.status !== 'rejected' && e.tour_id === round.tour_id && e.date === round.date);
  return entry?.event.at ?? null;
}

/**
 * An entry as read from the storage, in the current format, or null when it is not one of ours
 * (kept by nothing this app wrote: left alone, never sent). Format 1 gains an unknown author; a
 * later format than this build knows (the phone went back to an older build) is read as it is.
 */
export function upgradeKept(raw: unknown): KeptEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const entry = raw as Partial<KeptEvent>;
  if (!entry.event || typeof entry.event.id !== 'string' || typeof entry.tour_id !== 'number' || typeof entry.date !== 'string') return null;
  if ((entry.v ?? 1) >= KEPT_FORMAT) return entry as KeptEvent;
  return { ...(entry as KeptEvent), v: KEPT_FORMAT, author: entry.author ?? null };
}

/** Whether an entry waits for another member than `memberId` to log in (its author is known and someone else). */
export const heldFor = (entry: Pick<KeptEvent, 'author'>, memberId: number | null) => Boolean(entry.author) && entry.author!.id !== memberId;

/**
 * The pending actions that wait for their author's session, by author: '2 actions de Léa D.'.
 * Nobody known logged in (`memberId` null): every authored action waits.
 */
export function heldByAuthor(entries: readonly KeptEvent[], memberId: number | null): { author: KeptAuthor; actions: number }[] {
  const taps = new Map<number, { author: KeptAuthor; taps: Set<string> }>();
  for (const entry of pendingOf(entries)) {
    if (!entry.author || !heldFor(entry, memberId)) continue;
    const kept = taps.get(entry.author.id) ?? { author: entry.author, taps: new Set<string>() };
    kept.taps.add(entry.tap);
    taps.set(entry.author.id, kept);
  }
  return [...taps.values()].map(({ author, taps: set }) => ({ author, actions: set.size }));
}

/** A round's events go to its own address (tour and date). */
export const roundKey = (entry: Pick<KeptEvent, 'tour_id' | 'date'>) => `${entry.tour_id}|${entry.date}`;

/**
 * What is still to send: pending events, per round and author, in the order they were made, at
 * most EVENTS_PER_SEND_MAX a call. With `memberId` (the member logged in, null for nobody known),
 * another member's events stay out: they wait for their author.
 */
export function batchesToSend(entries: readonly KeptEvent[], max = EVENTS_PER_SEND_MAX, memberId?: number | null): KeptEvent[][] {
  const byRound = new Map<string, KeptEvent[]>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.status !== 'pending') continue;
    if (memberId !== undefined && heldFor(entry, memberId)) continue;
    const key = `${roundKey(entry)}|${entry.author?.id ?? ''}`;
    const list = byRound.get(key) ?? [];
    list.push(entry);
    byRound.set(key, list);
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
 * What a failed call means for its events:
 * - `retry`: the network, a lost answer, a busy or broken server, a session to open again (401):
 *   sent again later with the same ids, on the backoff;
 * - `wait`: the author is not the member logged in (403 `not_author`): kept, until they log in;
 * - `stop`: refused as things stand (403, or 419 once the anti-forgery token was refreshed):
 *   kept, no more tries on their own (asking again would only be refused again); the screen says
 *   why, and the courier sends again by hand, or a new login or start does;
 * - `split`: the body refused as unreadable (400, 422) with several events: each is sent alone, so
 *   the one the server cannot read (a new build changed its body) is the only one refused;
 * - `reject`: any other refusal (the round unknown, another courier's round), or an unreadable
 *   single event: refused, with the server's message.
 */
export type FailureOutcome = 'retry' | 'wait' | 'stop' | 'split' | 'reject';

export function failureOutcome(status: number, code: string | undefined, events: number): FailureOutcome {
  if (status === 0 || status >= 500 || [401, 408, 429].includes(status)) return 'retry';
  if (status === 403 && code === ROUND_ERRORS.notAuthor) return 'wait';
  // Another courier's round: a decision on the round, not on the phone; each event is told so.
  if (status === 403 && code === ROUND_ERRORS.notYours) return 'reject';
  if (status === 403 || status === 419) return 'stop';
  return events > 1 && (status === 400 || status === 422) ? 'split' : 'reject';
}

/** Why the sending stopped (a 403 or 419), in French. */
export function stopReason(status: number, message?: string): string {
  if (status === 419) return 'Le serveur refuse l’envoi (jeton de sécurité expiré) : rechargez la page puis touchez « Envoyer maintenant ». Vos actions restent sur le téléphone.';
  return `Le serveur refuse l’envoi${message ? ` : « ${message} »` : ''}. Vos actions restent sur le téléphone : reconnectez-vous ou prévenez un administrateur, puis touchez « Envoyer maintenant ».`;
}

/** The wait before the next try after `failures` failed ones in a row: 5 s, 10 s, 20 s, 40 s, then every 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failures - 1), 60_000);
}

export const pendingOf = (entries: readonly KeptEvent[]) => entries.filter((entry) => entry.status === 'pending');
/** How many of the courier's taps still wait to be sent, whole or in part. */
export const pendingActions = (entries: readonly KeptEvent[]) => new Set(pendingOf(entries).map((entry) => entry.tap)).size;
export const rejectedOf = (entries: readonly KeptEvent[]) => entries.filter((entry) => entry.status === 'rejected');

/**
 * The refusals as the courier made them, a tap at a time: a "Remis" refused (with the vouchers and
 * containers that came with it) is one line with one "J’ai compris", its first refusal's message.
 */
export function rejectedTaps(entries: readonly KeptEvent[]): KeptEvent[][] {
  const byTap = new Map<string, KeptEvent[]>();
  for (const entry of [...rejectedOf(entries)].sort((a, b) => a.seq - b.seq)) byTap.set(entry.tap, [...(byTap.get(entry.tap) ?? []), entry]);
  return [...byTap.values()];
}

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

/**
 * What the team's login says when the courier's actions wait on the phone (the session ended
 * mid-round): how many, whose, and that they leave at the next login of their author. Null when
 * none wait.
 */
export function waitingNotice(entries: readonly KeptEvent[]): string | null {
  const count = pendingActions(entries);
  if (count === 0) return null;
  const authors = [...new Set(pendingOf(entries).flatMap((entry) => (entry.author ? [entry.author.name] : [])))];
  const waiting = `${plural(count, 'action de tournée', 'actions de tournée')}${authors.length > 0 ? ` de ${authors.join(' et ')}` : ''} ${count > 1 ? 'attendent' : 'attend'} sur ce téléphone`;
  const leave = count > 1 ? 'elles partiront' : 'elle partira';
  const who = authors.length === 1 ? `dès que ${authors[0]} se reconnectera ici` : 'dès la prochaine connexion de leur auteur';
  return `Votre session a pris fin. ${waiting} : ${leave} ${authors.length === 0 ? 'dès que vous vous reconnecterez' : who}. Rien n’est perdu.`;
}
