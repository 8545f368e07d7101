import type { DeliveryLocation } from '../../../src/shared/api/delivery';
import { TOO_LATE_CODE, tooLateMessage } from '../../../src/shared/api/delivery';
import { isTooLate } from '../../../src/shared/delivery-rules';
import { parisDate, parisTime } from '../../../src/shared/time';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { findDelivery } from '../state/state.repo';
import { allLocations, deliveriesOn, findSlot } from './delivery.repo';

/** Lower-case, without accents: 'Croix-Rousse' and 'croix rousse' and 'CROIX-ROUSSÉ' meet. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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
    deliveries: slots
      .filter((s) => s.locationId === l.id)
      .map((s) => ({ id: s.id, starts_at: `${s.date} ${s.startsAt}`, ends_at: `${s.date} ${s.endsAt}`, tour: s.tour })),
  }));
}

/** Accent- and case-insensitive match on name, address and company. */
export async function searchLocations(db: Db, date: string | null, term: string): Promise<DeliveryLocation[]> {
  const needle = foldForSearch(term);
  // Punctuation alone ('%%%') searches for nothing, it does not match everything.
  if (!needle) return [];
  const locations = await locationsOn(db, date);
  return locations.filter((l) => foldForSearch(`${l.name} ${l.address} ${l.company ?? ''}`).includes(needle));
}

/**
 * Checks a slot can still be chosen now: it exists, it is on the current delivery date, and its
 * tour's order cut-off has not passed. Answers the delivery with its location.
 */
export async function checkChoice(db: Db, id: number, currentDate: string | null, now: Date) {
  const slot = await findSlot(db, id);
  if (!slot) throw notFound('Ce créneau de livraison n’existe pas.');
  if (isTooLate(slot.date, slot.orderTimeLimit, parisDate(now), parisTime(now))) {
    throw new AppError(409, TOO_LATE_CODE, tooLateMessage(slot.orderTimeLimit));
  }
  if (slot.date !== currentDate) {
    throw new AppError(409, 'not_current_delivery_date', 'Ce créneau n’est pas sur la date de livraison en cours : rechargez la page pour voir les créneaux du jour.');
  }
  return (await findDelivery(db, id))!;
}
