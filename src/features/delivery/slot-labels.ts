import type { LocationDelivery } from '../../shared/api/delivery';
import { frenchTime, slotTime } from '../../shared/time';

/** Slot labels (docs/product/delivery.md). */
export function slotLabel(delivery: LocationDelivery, isPrivate: boolean): string {
  const time = slotTime(delivery.starts_at, delivery.ends_at, isPrivate);
  return isPrivate ? `Livraison ${time}` : `Livraison : ${time}`;
}

export function cutOffLabel(delivery: LocationDelivery): string {
  return `Fin des commandes à ${frenchTime(delivery.tour.order_time_limit)}`;
}

export const PRIVATE_LABEL = 'réservé aux salariés';
