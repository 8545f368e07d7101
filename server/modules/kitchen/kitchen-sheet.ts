import type { KitchenSheet } from '#shared/api/staff';
import { COURSES } from '#shared/courses';

/** What the sheet counts, read from the orders of one date (pure: tested on its own). */
export interface SheetOrder {
  id: number;
  invoiceNumber: string | null;
  cooked: boolean;
  tour: string | null;
  createdAt: Date;
  /** When it was cancelled or refunded whole, after the member's last print. */
  closedAt: Date | null;
}
export interface SheetLine {
  orderId: number;
  parentId: number | null;
  type: string;
  productId: number | null;
  name: string;
  quantity: number;
}
export interface SheetDish {
  id: number;
  name: string;
  category: string;
  allergens: string[];
  position: number;
}

export const NO_TOUR = 'Sans tournée';
/** Dishes in the menu's order of courses. */
const CATEGORY_ORDER: string[] = COURSES.map((c) => c.category);

/**
 * Portions per dish, per tour and in all: a dish sold alone counts its quantity, a formula's dishes
 * (its courses and extras, written with the formula's quantity) theirs; containers are one per
 * formula (as deposits count them); cutlery and tote bags as ordered. Orders cancelled or refunded
 * whole are not cooked; a partial refund changes nothing in the kitchen.
 */
export function countSheet(orders: SheetOrder[], lines: SheetLine[], dishes: SheetDish[], printedAt: Date | null): Omit<KitchenSheet, 'date' | 'final' | 'cut_off' | 'generated_at'> {
  const cooked = new Map(orders.filter((o) => o.cooked).map((o) => [o.id, o]));
  const tours = [...new Set([...cooked.values()].map((o) => o.tour ?? NO_TOUR))].sort((a, b) => (a === NO_TOUR ? 1 : b === NO_TOUR ? -1 : a.localeCompare(b, 'fr')));
  const byDish = new Map<number, { total: number; by_tour: Record<string, number>; name: string }>();
  let containers = 0;
  let cutlery = 0;
  let toteBags = 0;
  const portionsOf = new Map<number, number>();
  for (const line of lines) {
    const order = cooked.get(line.orderId) ?? null;
    if (line.type === 'product' && line.productId !== null) portionsOf.set(line.orderId, (portionsOf.get(line.orderId) ?? 0) + line.quantity);
    if (!order) continue;
    if (line.type === 'menu' && line.parentId === null) containers += line.quantity;
    else if (line.type === 'cutlery') cutlery += line.quantity;
    else if (line.type === 'tote_bag') toteBags += line.quantity;
    else if (line.type === 'product' && line.productId !== null) {
      const tour = order.tour ?? NO_TOUR;
      const dish = byDish.get(line.productId) ?? { total: 0, by_tour: Object.fromEntries(tours.map((t) => [t, 0])), name: line.name };
      dish.total += line.quantity;
      dish.by_tour[tour] = (dish.by_tour[tour] ?? 0) + line.quantity;
      byDish.set(line.productId, dish);
    }
  }
  const info = new Map(dishes.map((d) => [d.id, d]));
  const rank = (id: number) => {
    const d = info.get(id);
    const category = CATEGORY_ORDER.indexOf(d?.category ?? '');
    return [category === -1 ? CATEGORY_ORDER.length : category, d?.position ?? 0] as const;
  };
  const sheetDishes = [...byDish.entries()]
    .sort(([a, da], [b, db]) => {
      const [ca, pa] = rank(a);
      const [cb, pb] = rank(b);
      return ca - cb || pa - pb || da.name.localeCompare(db.name, 'fr');
    })
    .map(([id, d]) => ({ product_id: id, name: info.get(id)?.name ?? d.name, category: info.get(id)?.category ?? '', allergens: info.get(id)?.allergens ?? [], total: d.total, by_tour: d.by_tour }));

  const changes: KitchenSheet['changes'] = [];
  if (printedAt) {
    for (const order of orders) {
      if (order.cooked && order.createdAt > printedAt) changes.push({ order_id: order.id, invoice_number: order.invoiceNumber, kind: 'placed', at: order.createdAt.toISOString(), portions: portionsOf.get(order.id) ?? 0 });
      // Placed and cancelled since the print: it never was on the sheet, nothing to say.
      else if (order.closedAt && order.createdAt <= printedAt) changes.push({ order_id: order.id, invoice_number: order.invoiceNumber, kind: 'cancelled', at: order.closedAt.toISOString(), portions: portionsOf.get(order.id) ?? 0 });
    }
    changes.sort((a, b) => a.at.localeCompare(b.at));
  }
  return {
    tours,
    dishes: sheetDishes,
    containers,
    cutlery,
    tote_bags: toteBags,
    orders: cooked.size,
    printed_at: printedAt?.toISOString() ?? null,
    changes,
  };
}
