import type { LocationDelivery } from '../../shared/api/delivery';
import { frenchTime, frenchTimeRange } from '../../shared/time';

/** Slot labels (docs/product/delivery.md). */
export function slotLabel(delivery: LocationDelivery, isPrivate: boolean): string {
  return isPrivate ? `Livraison avant ${frenchTime(delivery.starts_at)}` : `Livraison : ${frenchTimeRange(delivery.starts_at, delivery.ends_at)}`;
}

export function cutOffLabel(delivery: LocationDelivery): string {
  return `Fin des commandes à ${frenchTime(delivery.tour.order_time_limit)}`;
}

export const PRIVATE_LABEL = 'réservé aux salariés';
