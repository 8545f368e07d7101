/**
 * What a round's events say happened to each order (docs/product/team.md): the server reads it
 * from every event it holds, the courier's phone from its own events not yet sent. No zod here:
 * the phone's round page imports it.
 *
 * - An undo removes the event it names, as if it had never been.
 * - Of the rest, for each thing (hand-over or absence, vouchers, containers) the latest by the
 *   phone's clock wins, and between equal times the one received (listed) later: a customer
 *   marked absent who comes down late and gets the bag is handed over.
 */

export type OutcomeEventType = 'handed_over' | 'absent' | 'vouchers_received' | 'containers_returned' | 'undo';

export interface OutcomeEvent {
  id: string;
  type: OutcomeEventType;
  order_id: number;
  /** The phone's time, ISO. */
  at: string;
  reason?: string;
  rows?: { issuer: string; count: number; unit_cents: number }[];
  count?: number;
  undoes?: string;
}

export interface OrderOutcome<E extends OutcomeEvent = OutcomeEvent> {
  outcome: 'handed_over' | 'absent' | null;
  /** When the hand-over or the absence happened, by the phone. */
  at: string | null;
  reason: E['reason'] | null;
  rows: NonNullable<E['rows']> | null;
  containers: number | null;
}

export const NO_OUTCOME: OrderOutcome = { outcome: null, at: null, reason: null, rows: null, containers: null };

/** Each order's outcome from a round's events, listed in the order they were received. */
export function outcomesOf<E extends OutcomeEvent>(events: E[]): Map<number, OrderOutcome<E>> {
  const undone = new Set(events.filter((e) => e.type === 'undo').map((e) => e.undoes));
  const live = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.type !== 'undo' && !undone.has(event.id))
    .sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at) || a.index - b.index);
  const outcomes = new Map<number, OrderOutcome<E>>();
  for (const { event } of live) {
    const current = outcomes.get(event.order_id) ?? { ...(NO_OUTCOME as OrderOutcome<E>) };
    if (event.type === 'handed_over') Object.assign(current, { outcome: 'handed_over', at: event.at, reason: null });
    if (event.type === 'absent') Object.assign(current, { outcome: 'absent', at: event.at, reason: event.reason ?? null });
    if (event.type === 'vouchers_received') current.rows = (event.rows ?? []) as OrderOutcome<E>['rows'];
    if (event.type === 'containers_returned') current.containers = event.count ?? 0;
    outcomes.set(event.order_id, current);
  }
  return outcomes;
}

/** The total of received voucher rows, cents. */
export const receivedCents = (rows: { count: number; unit_cents: number }[] | null): number => (rows ?? []).reduce((sum, r) => sum + r.count * r.unit_cents, 0);
export const receivedCount = (rows: { count: number }[] | null): number => (rows ?? []).reduce((sum, r) => sum + r.count, 0);
