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

/**
 * What a company point asks of whoever orders to it (docs/product/delivery.md, "Company points"):
 * an account of the company's e-mail domain, or the code the company hands out. The code itself
 * never leaves the server.
 */
const pointAccessSchema = z.nullable(z.enum(['email_domain', 'code']));

/** A delivery point with its slots on the delivery date (docs/product/delivery.md). */
export const deliveryLocationSchema = z.extend(deliveryLocationSummarySchema, {
  company: z.nullable(z.string()),
  access: pointAccessSchema,
  /** The domain of an `email_domain` point ('lugduneo.fr'), null otherwise. */
  access_email_domain: z.nullable(z.string()),
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
export const ACCESS_CODE_LABEL = 'Code de votre entreprise';
export const ACCESS_CODE_MAX_LENGTH = 40;
export const ACCESS_CODE_MISSING_MESSAGE = 'Saisissez le code remis par votre entreprise.';
export const ACCESS_CODE_WRONG_MESSAGE = 'Ce code n’ouvre pas ce point de livraison.';
const ACCESS_CODE_LONG_MESSAGE = `Le code ne doit pas dépasser ${ACCESS_CODE_MAX_LENGTH} caractères.`;

/**
 * POST /api/deliveries: the chosen slot's id, an integer, and for a code point the code its
 * company hands out (docs/product/delivery.md).
 */
export const selectDeliveryBodySchema = z.object({
  id: idField(DELIVERY_REQUIRED_MESSAGE),
  access_code: z.optional(
    z.string({ error: ACCESS_CODE_MISSING_MESSAGE }).check(z.trim(), z.maxLength(ACCESS_CODE_MAX_LENGTH, { error: ACCESS_CODE_LONG_MESSAGE })),
  ),
});
export type SelectDeliveryBody = z.input<typeof selectDeliveryBodySchema>;

/** The refusals of a company point's rule when it is chosen (POST /api/deliveries). */
export const POINT_ACCESS_ERRORS = {
  /** 403: an `email_domain` point, for a guest or an account of another domain. */
  reserved: 'delivery_point_reserved',
  /** 422 on `access_code`: a `code` point, its code missing or wrong. */
  codeRefused: 'access_code_refused',
} as const;

const staffOf = (company: string | null) => `aux salariés de ${company ?? 'l’entreprise'}`;
/** Why an `email_domain` point is refused: who may order to it. */
export const reservedPointMessage = (company: string | null, domain: string) =>
  `Ce point est réservé ${staffOf(company)} : connectez-vous avec votre adresse e-mail @${domain}.`;
/** The checkout's refusal for a `code` point chosen without its code (a request of its own, a session that forgot it). */
export const codePointMessage = (company: string | null) =>
  `Ce point est réservé ${staffOf(company)} : choisissez-le de nouveau avec le code remis par votre entreprise.`;
/** What the selector says under an `email_domain` point. */
export const domainPointNote = (domain: string) => `Réservé aux salariés : commande avec une adresse e-mail @${domain}.`;

/** The refusal when a tour's cut-off has passed: the client shows the message. */
export const TOO_LATE_CODE = 'order_time_limit_passed';
export const tooLateMessage = (limit: string) =>
  `La fin des commandes pour ce point de livraison est passée pour aujourd’hui (${frenchTime(limit)}). La prochaine fois, commandez avant cette heure-là !`;
