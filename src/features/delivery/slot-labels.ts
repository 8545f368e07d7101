import type { LocationDelivery } from '../../shared/api/delivery';
import { hhmm } from '../../shared/time';

/** The time of a 'YYYY-MM-DD HH:MM:SS' as 'HH:MM'. */
const clock = (dateTime: string) => hhmm(dateTime.slice(11));

/** Slot labels of the spec (shop.md §2 "Delivery search widget"). */
export function slotLabel(delivery: LocationDelivery, isPrivate: boolean): string {
  return isPrivate ? `Livraison avant ${clock(delivery.starts_at)}` : `Livraison : ${clock(delivery.starts_at)} - ${clock(delivery.ends_at)}`;
}

export function cutOffLabel(delivery: LocationDelivery): string {
  return `Fin des commandes à ${hhmm(delivery.tour.order_time_limit)}`;
}

export const PRIVATE_LABEL = 'réservé aux salariés';
