import { NOT_TO_HAND_OVER } from '../../shared/api/courier-round';
import type { ArrivedEvent, ReceivedVoucherRow, RoundEvent, RoundOrder, Round, VoucherIssuer } from '../../shared/api/courier-round';
import { NO_OUTCOME, outcomesOf, receivedCents, receivedCount } from '../../shared/round-outcome';
import { entriesOfOrder, type KeptEvent } from './outbox-rules';

/**
 * What the round page shows of an order: the server's view, with this phone's actions the server
 * has not shown yet laid over it (outcomesOf over the order's own events, as the server reads them).
 */

type Field = 'outcome' | 'vouchers' | 'containers';
const FIELD_OF: Record<Exclude<RoundEvent['type'], 'undo'>, Field> = {
  handed_over: 'outcome',
  absent: 'outcome',
  vouchers_received: 'vouchers',
  containers_returned: 'containers',
};

export interface ShownOrder extends RoundOrder {
  /** Some of what is shown is this phone's and not yet sent (or not yet read back). */
  local: boolean;
}

/**
 * The order as shown. A field the server's view does not hold yet, because this phone changed it
 * by an action still pending (or sent after the round was last read), comes from the phone's own
 * events for that order, sent ones included: undoing a sent "Remis" brings back what was before it.
 * Every other field is the server's, which holds the other phones' actions too.
 */
export function shownOrder(order: RoundOrder, history: readonly KeptEvent[], roundReadAt: number): ShownOrder {
  const live = entriesOfOrder(history, order.order_id).filter((entry) => entry.status !== 'rejected').sort((a, b) => a.seq - b.seq);
  const byId = new Map(live.map((entry) => [entry.event.id, entry.event]));
  const touched = new Set<Field>();
  for (const entry of live) {
    const fresh = entry.status === 'pending' || (entry.sent_at ?? 0) >= roundReadAt;
    if (!fresh) continue;
    const type = entry.event.type === 'undo' ? byId.get(entry.event.undoes ?? '')?.type : entry.event.type;
    if (type && type !== 'undo') touched.add(FIELD_OF[type]);
  }
  if (touched.size === 0) return { ...order, local: false };
  const mine = outcomesOf(live.map((entry) => entry.event)).get(order.order_id) ?? NO_OUTCOME;
  return {
    ...order,
    local: true,
    outcome: touched.has('outcome') ? mine.outcome : order.outcome,
    absence_reason: touched.has('outcome') ? ((mine.reason as RoundOrder['absence_reason']) ?? null) : order.absence_reason,
    vouchers_received: touched.has('vouchers') ? ((mine.rows as ReceivedVoucherRow[] | null) ?? null) : order.vouchers_received,
    containers_received: touched.has('containers') ? mine.containers : order.containers_received,
  };
}

/** 'Léa D., F2026-000123': a bag as the courier knows it. */
export const orderLabel = (order: Pick<RoundOrder, 'customer' | 'invoice_number'>) => `${order.customer}, ${order.invoice_number}`;

/** The last action on this phone for an order that is still in force: what "Annuler" takes back (a whole tap). */
export function lastTap(history: readonly KeptEvent[], orderId: number): KeptEvent[] {
  const live = entriesOfOrder(history, orderId).filter((entry) => entry.status !== 'rejected');
  const undone = new Set(live.filter((entry) => entry.event.type === 'undo').map((entry) => entry.event.undoes));
  const standing = live.filter((entry) => entry.event.type !== 'undo' && !undone.has(entry.event.id)).sort((a, b) => a.seq - b.seq);
  const last = standing.at(-1);
  return last ? standing.filter((entry) => entry.tap === last.tap) : [];
}

const TAP_LABELS: Record<Exclude<KeptEvent['event']['type'], 'undo'>, string> = {
  handed_over: 'Remis',
  absent: 'Absent',
  vouchers_received: 'Titres',
  containers_returned: 'Contenants',
  arrived: 'Arrivé',
};

/** "Remis", "Absent", "Titres" or "Contenants": the tap's first event names it. */
export const tapLabel = (tap: readonly KeptEvent[]): string => {
  const type = tap[0]?.event.type;
  return type && type !== 'undo' ? TAP_LABELS[type] : '';
};

export type NewEvent = Omit<RoundEvent, 'id' | 'at'> | Omit<ArrivedEvent, 'id' | 'at'>;

/**
 * "Remis" in one tap: the bag handed over, and, where the order declared them and nothing was
 * recorded yet, the paper vouchers received as declared (from `issuer`) and the containers
 * declared taken back. The courier corrects either afterwards.
 */
export function handOverEvents(order: ShownOrder, issuer: VoucherIssuer): NewEvent[] {
  const events: NewEvent[] = [{ type: 'handed_over', order_id: order.order_id }];
  const declared = order.vouchers_declared?.rows ?? [];
  if (declared.length > 0 && order.vouchers_received === null) {
    events.push({ type: 'vouchers_received', order_id: order.order_id, rows: declared.map((row) => ({ issuer, count: row.count, unit_cents: row.unit_cents })) });
  }
  if (order.containers_declared > 0 && order.containers_received === null) {
    events.push({ type: 'containers_returned', order_id: order.order_id, count: order.containers_declared });
  }
  return events;
}

export interface RoundTally {
  bags: number;
  handedOver: number;
  absent: number;
  /** Neither handed over nor absent yet: the round cannot close. */
  undecided: number;
  vouchersExpected: { count: number; cents: number };
  vouchersReceived: { count: number; cents: number };
  containersExpected: number;
  containersReceived: number;
}

/** Expected against received over the orders shown (cancelled ones aside: nothing is owed on them). */
export function tallyOf(orders: readonly ShownOrder[]): RoundTally {
  const live = orders.filter((order) => !NOT_TO_HAND_OVER[order.state]);
  const declared = live.flatMap((order) => order.vouchers_declared?.rows ?? []);
  const received = live.flatMap((order) => order.vouchers_received ?? []);
  return {
    bags: live.length,
    handedOver: live.filter((order) => order.outcome === 'handed_over').length,
    absent: live.filter((order) => order.outcome === 'absent').length,
    undecided: live.filter((order) => order.outcome === null).length,
    vouchersExpected: { count: receivedCount(declared), cents: live.reduce((sum, order) => sum + (order.vouchers_declared?.total_cents ?? 0), 0) },
    vouchersReceived: { count: receivedCount(received), cents: receivedCents(received) },
    containersExpected: live.reduce((sum, order) => sum + order.containers_declared, 0),
    containersReceived: live.reduce((sum, order) => sum + (order.containers_received ?? 0), 0),
  };
}

/** Every order of the round as shown, stop by stop. */
export function shownRound(round: Round, history: readonly KeptEvent[], roundReadAt: number) {
  const mine = history.filter((entry) => entry.tour_id === round.tour_id && entry.date === round.date);
  return round.stops.map((stop) => ({ ...stop, orders: stop.orders.map((order) => shownOrder(order, mine, roundReadAt)) }));
}

/** A link that opens the phone's navigation app at the stop (Google Maps' universal link: its app on Android and iOS, else the site). */
export function directionsUrl(stop: { lat: number | null; lng: number | null; address: string }): string {
  const destination = stop.lat !== null && stop.lng !== null ? `${stop.lat},${stop.lng}` : stop.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
