import type { LocationDelivery } from '../../shared/api/delivery';
import { hhmm, timeOf } from '../../shared/time';

/** Slot labels (docs/product/delivery.md). */
export function slotLabel(delivery: LocationDelivery, isPrivate: boolean): string {
  return isPrivate ? `Livraison avant ${timeOf(delivery.starts_at)}` : `Livraison : ${timeOf(delivery.starts_at)} - ${timeOf(delivery.ends_at)}`;
}

export function cutOffLabel(delivery: LocationDelivery): string {
  return `Fin des commandes à ${hhmm(delivery.tour.order_time_limit)}`;
}

export const PRIVATE_LABEL = 'réservé aux salariés';
