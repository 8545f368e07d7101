import type { FastifyRequest } from 'fastify';
import type { Delivery, DeliveryLocation, LocationDelivery } from '#shared/api/delivery';
import { deliveryLocationsSchema, TOO_LATE_CODE, tooLateMessage } from '#shared/api/delivery';
import { isTooLate } from '#shared/delivery-rules';
import { parisDate, parisTime } from '#shared/time';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { serializeBody, type SerializedBody } from '../../lib/http-cache';
import { cachedRead } from '../../lib/read-cache';
import { allLocations, deliveriesOn, findSlot, type SlotRow } from './delivery.repo';

/** The delivery choice also lives in this cookie, until the end of the delivery day (Paris). */
export const DELIVERY_COOKIE = 'popote_delivery';

/** The visitor's chosen delivery: the session's, else the cookie's (it outlives a session rotated at logout). */
export function chosenDeliveryId(request: FastifyRequest): number | null {
  if (request.session?.deliveryId) return request.session.deliveryId;
  const cookie = Number(request.cookies[DELIVERY_COOKIE]);
  return Number.isSafeInteger(cookie) && cookie > 0 ? cookie : null;
}

/** The point whose company code the visitor's session gave (point-access.service.ts). */
export const codeGivenFor = (request: FastifyRequest): number | null => request.session?.accessCodeLocationId ?? null;

/** Lower-case, without accents: 'Croix-Rousse' and 'croix rousse' and 'CROIX-ROUSSÉ' meet. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A slot in the API's shape: times as 'YYYY-MM-DD HH:MM:SS' (Paris wall clock). */
function toLocationDelivery(slot: SlotRow): LocationDelivery {
  return { id: slot.id, starts_at: `${slot.date} ${slot.startsAt}`, ends_at: `${slot.date} ${slot.endsAt}`, tour: slot.tour };
}

const toDelivery = (slot: SlotRow): Delivery => ({ ...toLocationDelivery(slot), delivery_location: slot.location });

/** A delivery with its location and tour (the session's choice in the app state). */
export async function findDelivery(db: Db, id: number): Promise<Delivery | null> {
  const slot = await findSlot(db, id);
  return slot ? toDelivery(slot) : null;
}

/** The delivery points with their slots on `date` (none planned: an empty list of slots). */
export async function locationsOn(db: Db, date: string | null): Promise<DeliveryLocation[]> {
  const [locations, slots] = await Promise.all([allLocations(db), date ? deliveriesOn(db, date) : Promise.resolve([])]);
  return locations.map((l) => ({
    id: l.id,
    name: l.name,
    address: l.address,
    company: l.company,
    latitude: l.latitude,
    longitude: l.longitude,
    is_private: l.isPrivate,
    // What the point asks, never its code (point-access.service.ts judges it).
    access: l.accessEmailDomain ? 'email_domain' : l.accessCode ? 'code' : null,
    access_email_domain: l.accessEmailDomain,
    deliveries: slots.filter((s) => s.location.id === l.id).map(toLocationDelivery),
  }));
}

/**
 * The delivery points of a date as GET /api/delivery-locations answers them, serialized once and
 * kept in the in-process copy (server/lib/read-cache.ts, dropped on any change of their tables):
 * the route sends it, and the catalog's answers give the same to the server's page rendering.
 */
export const locationsAnswer = (db: Db, date: string | null): Promise<SerializedBody> =>
  cachedRead(db, `locations:${date}`, async () => serializeBody(deliveryLocationsSchema, await locationsOn(db, date)));

/** Accent- and case-insensitive match on name, address and company. */
export async function searchLocations(db: Db, date: string | null, term: string): Promise<DeliveryLocation[]> {
  const needle = foldForSearch(term);
  // Punctuation alone ('%%%') searches for nothing, it does not match everything.
  if (!needle) return [];
  const locations = await locationsOn(db, date);
  return locations.filter((l) => foldForSearch(`${l.name} ${l.address} ${l.company ?? ''}`).includes(needle));
}

/**
 * Checks a slot can still be chosen now: it exists, its tour's order cut-off has not passed, and
 * it is on the current delivery date. Answers the delivery with its location.
 */
export async function checkChoice(db: Db, id: number, currentDate: string | null, now: Date): Promise<Delivery> {
  const slot = await findSlot(db, id);
  if (!slot) throw notFound('Ce créneau de livraison n’existe pas.');
  if (isTooLate(slot.date, slot.tour.order_time_limit, parisDate(now), parisTime(now))) {
    throw new AppError(409, TOO_LATE_CODE, tooLateMessage(slot.tour.order_time_limit));
  }
  if (slot.date !== currentDate) {
    throw new AppError(409, 'not_current_delivery_date', 'Ce créneau n’est pas sur la date de livraison en cours : rechargez la page pour voir les créneaux du jour.');
  }
  return toDelivery(slot);
}
