/**
 * The "too late" and "current delivery date" rules (docs/product/delivery.md), the same on the server and in the
 * browser. Dates are Paris 'YYYY-MM-DD', times Paris 'HH:MM:SS'.
 */

/** A slot is too late when its day is past, or is today and the tour's cut-off has passed. */
export function isTooLate(deliveryDate: string, orderTimeLimit: string, today: string, nowTime: string): boolean {
  return deliveryDate < today || (deliveryDate === today && nowTime > orderTimeLimit);
}

/** A location is too late when all its slots are too late. */
export function isLocationTooLate(slots: { date: string; orderTimeLimit: string }[], today: string, nowTime: string): boolean {
  return slots.every((s) => isTooLate(s.date, s.orderTimeLimit, today, nowTime));
}

export interface DeliveryDay {
  date: string;
  /** The latest order cut-off among that day's tours. */
  lastOrderTimeLimit: string;
}

/** The first delivery day still open for ordering. */
export function currentDeliveryDate(days: DeliveryDay[], today: string, nowTime: string): string | null {
  const open = days
    .filter((d) => !isTooLate(d.date, d.lastOrderTimeLimit, today, nowTime))
    // 'YYYY-MM-DD' sorts as text; localeCompare would set up Intl's collation data for it.
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return open[0]?.date ?? null;
}

/**
 * Whether the shop takes orders right now. On a delivery day, once the last cut-off has passed,
 * the shop closes until the opening hour (when orders for the next day open). Without a delivery
 * today, orders are taken for the next delivery day, if any.
 */
export function isShopOpen(
  days: DeliveryDay[],
  today: string,
  nowTime: string,
  openingHour: string,
): boolean {
  const next = currentDeliveryDate(days, today, nowTime);
  if (!next) return false;
  const todays = days.find((d) => d.date === today);
  if (!todays || next === today) return true;
  return nowTime >= normalizeTime(openingHour);
}

/** '15:00' or '15h' or '15:00:00' → '15:00:00'. */
export function normalizeTime(value: string): string {
  const m = /^(\d{1,2})(?:[:h](\d{2}))?(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return '00:00:00';
  return `${m[1]!.padStart(2, '0')}:${m[2] ?? '00'}:${m[3] ?? '00'}`;
}

/**
 * The shop's opening at `now` from a kept opening answer (its delivery days and opening hour), as
 * the server would answer then: offline, the device's clock decides, not the time of the copy.
 */
export function shopOpenAt<T extends { orders_opening_hour: string; delivery_days: { date: string; last_order_time_limit: string }[] }>(
  shop: T,
  today: string,
  nowTime: string,
): T & { open: boolean; current_delivery_date: string | null } {
  const days = shop.delivery_days.map((d) => ({ date: d.date, lastOrderTimeLimit: d.last_order_time_limit }));
  return { ...shop, open: isShopOpen(days, today, nowTime, shop.orders_opening_hour), current_delivery_date: currentDeliveryDate(days, today, nowTime) };
}
