import { z } from 'zod/mini';
import { dateQuerySchema, idField } from './fields';
import { frenchTime } from '../time';

export const deliveryLocationSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  is_private: z.boolean(),
});

/** A delivery: one point, one date, one time window, one tour with its order cut-off. */
export const deliverySchema = z.object({
  id: z.int(),
  /** 'YYYY-MM-DD HH:MM:SS', Paris wall-clock time. */
  starts_at: z.string(),
  ends_at: z.string(),
  delivery_location: deliveryLocationSummarySchema,
  tour: z.object({ id: z.int(), name: z.string(), order_time_limit: z.string() }),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A delivery slot as listed under its location (the location is the parent). */
export const locationDeliverySchema = z.omit(deliverySchema, { delivery_location: true });
export type LocationDelivery = z.infer<typeof locationDeliverySchema>;

/** A delivery point with its slots on the delivery date (docs/product/delivery.md). */
export const deliveryLocationSchema = z.extend(deliveryLocationSummarySchema, {
  company: z.nullable(z.string()),
  deliveries: z.array(locationDeliverySchema),
});
export type DeliveryLocation = z.infer<typeof deliveryLocationSchema>;
export const deliveryLocationsSchema = z.array(deliveryLocationSchema);

export const deliveryLocationsQuerySchema = dateQuerySchema;

export const SEARCH_MIN_LENGTH = 3;
const searchMessage = `Saisissez au moins ${SEARCH_MIN_LENGTH} caractères.`;
export const deliverySearchQuerySchema = z.extend(deliveryLocationsQuerySchema, {
  search: z
    .string({ error: searchMessage })
    .check(z.trim(), z.minLength(SEARCH_MIN_LENGTH, { error: searchMessage }), z.maxLength(100, { error: 'Votre recherche est trop longue.' })),
});

/** Asked once before a logged-in customer leaves their usual point (choice and payment click). */
export const DIFFERENT_POINT_WARNING =
  'Le point de livraison sélectionné est différent de votre point de livraison habituel. Souhaitez-vous continuer ?';
export const DELIVERY_REQUIRED_MESSAGE = 'Veuillez sélectionner un point de livraison.';
/** The point is chosen but not one of its slots (the client's check, before any request). */
export const SLOT_REQUIRED_MESSAGE = 'Veuillez choisir un créneau de livraison.';
/** POST /api/deliveries: the chosen slot's id, an integer (docs/product/delivery.md). */
export const selectDeliveryBodySchema = z.object({
  id: idField(DELIVERY_REQUIRED_MESSAGE),
});

/** The refusal when a tour's cut-off has passed: the client shows the message. */
export const TOO_LATE_CODE = 'order_time_limit_passed';
export const tooLateMessage = (limit: string) =>
  `La fin des commandes pour ce point de livraison est passée pour aujourd’hui (${frenchTime(limit)}). La prochaine fois, commandez avant cette heure-là !`;
