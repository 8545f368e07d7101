import type { StaffOrder } from '../shared/api/staff';
import { frenchTimeRange } from '../shared/time';

/** The board's groups: tours, then the stops of each (a slot at a point), in delivery order. */
export interface TourGroup {
  name: string;
  count: number;
  stops: { key: string; slot: string; point: string; orders: StaffOrder[] }[];
}

const NO_TOUR = 'Sans tournée';
const slotOf = (order: StaffOrder) => (order.delivery.start && order.delivery.end ? frenchTimeRange(order.delivery.start, order.delivery.end) : 'Créneau inconnu');

/** Tours by name (the one without a tour last), stops by slot then point, orders by invoice. */
export function groupOrders(orders: readonly StaffOrder[]): TourGroup[] {
  const tours = new Map<string, Map<string, { key: string; slot: string; point: string; start: string; orders: StaffOrder[] }>>();
  for (const order of orders) {
    const tour = order.delivery.tour ?? NO_TOUR;
    const point = order.delivery.point ?? 'Point inconnu';
    const key = `${order.delivery.start ?? ''}|${point}`;
    const stops = tours.get(tour) ?? new Map();
    tours.set(tour, stops);
    const stop = stops.get(key) ?? { key, slot: slotOf(order), point, start: order.delivery.start ?? '', orders: [] };
    stops.set(key, stop);
    stop.orders.push(order);
  }
  const byInvoice = (a: StaffOrder, b: StaffOrder) => (a.invoice_number ?? '').localeCompare(b.invoice_number ?? '') || a.id - b.id;
  return [...tours.entries()]
    .sort(([a], [b]) => (a === NO_TOUR ? 1 : b === NO_TOUR ? -1 : a.localeCompare(b, 'fr')))
    .map(([name, stops]) => ({
      name,
      count: [...stops.values()].reduce((sum, stop) => sum + stop.orders.length, 0),
      stops: [...stops.values()]
        .sort((a, b) => a.start.localeCompare(b.start) || a.point.localeCompare(b.point, 'fr'))
        .map(({ key, slot, point, orders: list }) => ({ key, slot, point, orders: [...list].sort(byInvoice) })),
    }));
}

/** Accents and case aside, and a phone's spaces and dots: "dupont", "FA-2026", "06 12". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const digits = (text: string) => text.replace(/\D/g, '');

export function matchesSearch(order: StaffOrder, search: string): boolean {
  const wanted = fold(search.trim());
  if (!wanted) return true;
  const phone = digits(wanted);
  return (
    fold(order.customer.name).includes(wanted) ||
    fold(order.invoice_number ?? '').includes(wanted) ||
    fold(order.customer.company ?? '').includes(wanted) ||
    fold(order.customer.email).includes(wanted) ||
    (phone.length >= 2 && digits(order.customer.phone).includes(phone))
  );
}

const CLOSED = new Set<StaffOrder['state']>(['cancelled', 'refunded']);

export function orderCounts(orders: readonly StaffOrder[]) {
  return {
    active: orders.filter((order) => !CLOSED.has(order.state)).length,
    cancelled: orders.filter((order) => CLOSED.has(order.state)).length,
    refundPending: orders.filter((order) => order.refund_pending).length,
  };
}

/** What may still be refunded of an order (cents). */
/** Cancel: not once delivered (refund it instead), nor twice. */
export const mayCancel = (order: StaffOrder) => !['delivered', 'cancelled', 'refunded'].includes(order.state);

/** "12,50", "12.5", "12 €" → 1250; null when it is no amount. */
export function centsOf(input: string): number | null {
  const cleaned = input.replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
