import type { AppState } from '#shared/api/state';
import type { Db } from '../../db/client';
import { cachedRead } from '../../lib/read-cache';
import type { Session } from '../../plugins/session';
import { readCart } from '../cart/cart.service';
import type { SessionCart } from '../cart/session-cart.service';
import { findDelivery } from '../delivery/delivery.service';
import { deliveryDateAt, settingsOf } from '../shop/shop.service';
import { findCustomer, readContactTypes } from './state.repo';

/*
 * The visitor's state (GET /api/state) gathers the others' answers (the cart's, the delivery's,
 * the shop's settings): it sits above them all, and no module reads it. The shop's calendar and
 * settings, which every module reads, are a module of their own below (server/modules/shop).
 * Its copies, as the shop's, are dropped whenever their tables change (migration 0008).
 */
const contactTypesOf = (db: Db) => cachedRead(db, 'contact-types', () => readContactTypes(db));
/** A delivery slot with its point and tour: tables the copies are dropped for too (migration 0008). */
const deliveryOf = (db: Db, id: number) => cachedRead(db, `delivery:${id}`, () => findDelivery(db, id));

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
