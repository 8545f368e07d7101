import type { ShopOpen } from '#shared/api/state';
import { currentDeliveryDate, isShopOpen } from '#shared/delivery-rules';
import { parisDate, parisTime } from '#shared/time';
import type { Db } from '../../db/client';
import { cachedRead } from '../../lib/read-cache';
import { readSettings, upcomingDeliveryDays } from './shop.repo';

/*
 * The shop: its public settings and its calendar (the date orders are taken for, whether they are
 * open). The bottom of the shop's modules: the cart, the catalog, delivery, checkout, the account,
 * the visitor's state and the server's page reads all read it, and it reads none of them
 * (docs/architecture.md, "The server's modules").
 *
 * Read by nearly every request (the delivery date by each catalog read and cart change, the
 * settings by each state and cart answer), changed by an operator now and then: in-process copies
 * (server/lib/read-cache.ts), dropped whenever those tables change.
 */
const deliveryDays = (db: Db, today: string) => cachedRead(db, `delivery-days:${today}`, () => upcomingDeliveryDays(db, today));
export const settingsOf = (db: Db) => cachedRead(db, 'settings', () => readSettings(db));

/** The settings anyone may read, and whether this deployment simulates payments (the demo banner). */
export async function publicSettings(app: { db: Db; env: { SANDBOX: boolean } }): Promise<Record<string, string>> {
  const settings = await settingsOf(app.db);
  return app.env.SANDBOX ? { ...settings, sandbox: '1' } : settings;
}

/**
 * The discount every customer's sponsor code gives, as the settings say it (the same convention as
 * promo codes: amount type 1 is whole percent, otherwise euro cents).
 */
export function sponsorRule(settings: Record<string, string>): { amountType: number; amount: number } {
  return { amountType: Number(settings.sponsor_discount_amount_type ?? 2), amount: Number(settings.sponsor_discount_amount ?? 0) };
}

/** The sponsor discount as the settings hold it this instant, read past the in-process copy (the customer's space). */
export async function currentSponsorRule(db: Db): Promise<{ amountType: number; amount: number }> {
  return sponsorRule(await readSettings(db));
}

/** The date orders are taken for now (Paris time), or null when nothing is planned. */
export async function deliveryDateAt(db: Db, now: Date): Promise<string | null> {
  const today = parisDate(now);
  return currentDeliveryDate(await deliveryDays(db, today), today, parisTime(now));
}

/** The date a request asks about (?date=), else the current delivery date. */
export async function requestedDeliveryDate(db: Db, now: Date, asked?: string): Promise<string | null> {
  return asked ?? (await deliveryDateAt(db, now));
}

export async function shopOpen(db: Db, now: Date): Promise<ShopOpen> {
  const today = parisDate(now);
  const nowTime = parisTime(now);
  const [days, settings] = await Promise.all([deliveryDays(db, today), settingsOf(db)]);
  const openingHour = settings.orders_opening_hour ?? '00:00';
  return {
    open: isShopOpen(days, today, nowTime, openingHour),
    current_delivery_date: currentDeliveryDate(days, today, nowTime),
    orders_opening_hour: openingHour,
    delivery_days: days.map((d) => ({ date: d.date, last_order_time_limit: d.lastOrderTimeLimit })),
  };
}
