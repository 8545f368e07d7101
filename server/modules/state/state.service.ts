import type { AppState, ShopOpen } from '#shared/api/state';
import { currentDeliveryDate, isShopOpen } from '#shared/delivery-rules';
import { parisDate, parisTime } from '#shared/time';
import type { Db } from '../../db/client';
import { cachedRead } from '../../lib/read-cache';
import type { Session } from '../../plugins/session';
import { readCart } from '../cart/cart.service';
import type { SessionCart } from '../cart/cart-snapshot';
import { findDelivery } from '../delivery/delivery.service';
import { findCustomer, readContactTypes, readSettings, upcomingDeliveryDays } from './state.repo';

/*
 * Read by nearly every request (the delivery date by each catalog read and cart change, the
 * settings by each state and cart answer), changed by an operator now and then: in-process copies
 * (server/lib/read-cache.ts), dropped whenever those tables change.
 */
const deliveryDays = (db: Db, today: string) => cachedRead(db, `delivery-days:${today}`, () => upcomingDeliveryDays(db, today));
export const settingsOf = (db: Db) => cachedRead(db, 'settings', () => readSettings(db));
const contactTypesOf = (db: Db) => cachedRead(db, 'contact-types', () => readContactTypes(db));
/** A delivery slot with its point and tour: tables the copies are dropped for too (migration 0008). */
const deliveryOf = (db: Db, id: number) => cachedRead(db, `delivery:${id}`, () => findDelivery(db, id));

/** The settings anyone may read, and whether this deployment simulates payments (the demo banner). */
export async function publicSettings(app: { db: Db; env: { SANDBOX: boolean } }): Promise<Record<string, string>> {
  const settings = await settingsOf(app.db);
  return app.env.SANDBOX ? { ...settings, sandbox: '1' } : settings;
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

/** The app state for a session, as GET /api/state answers it (docs/api.md). */
export async function appState(db: Db, session: Session, now: Date, deliveryId: number | null, sessionCart?: SessionCart): Promise<AppState> {
  // One reading of the current delivery date, shared with the cart's staleness check.
  const currentDate = deliveryDateAt(db, now);
  const [settings, contactTypes, date, customer, cart] = await Promise.all([
    settingsOf(db),
    contactTypesOf(db),
    currentDate,
    session.customerId ? findCustomer(db, session.customerId) : Promise.resolve(null),
    readCart({ db, now, owner: { sessionId: session.id, customerId: session.customerId }, session: sessionCart }, currentDate),
  ]);
  const [delivery, usual] = await Promise.all([
    deliveryId ? deliveryOf(db, deliveryId) : null,
    customer?.lastDeliveryId ? deliveryOf(db, customer.lastDeliveryId) : null,
  ]);
  // A chosen delivery counts only while it is on the current delivery date.
  const current = delivery && date && delivery.starts_at.startsWith(date) ? delivery : null;
  return {
    customer: customer
      ? { id: customer.id, firstname: customer.firstname, lastname: customer.lastname, email: customer.email, phone: customer.phone, isConnectedToEdenred: customer.edenredLinked }
      : null,
    current_delivery_date: date,
    last_delivery_id: customer?.lastDeliveryId ?? null,
    usual_delivery_location_id: usual?.delivery_location.id ?? null,
    cart,
    current_delivery: current,
    settings,
    contact_types: contactTypes,
  };
}
