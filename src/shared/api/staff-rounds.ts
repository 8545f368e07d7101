import { z } from 'zod/mini';
import { roundCourierSchema } from './courier-round';
import { idField, isoDateField } from './fields';

/**
 * The team's rounds (docs/product/team.md): the order of each tour's stops, set by an admin; the
 * round sheet and the bag labels are PDFs (GET /api/staff/rounds/{id}/sheet.pdf,
 * GET /api/staff/labels.pdf).
 */

export const ROUNDS_ERRORS = { stopsMismatch: 'tour_stops_mismatch', notACourier: 'not_a_courier' } as const;
export const NOT_A_COURIER_MESSAGE = 'Choisissez un membre actif de l’équipe qui livre (rôle Livraison ou Administration).';

/** The weekdays a tour's usual courier is named for: 1 Monday … 7 Sunday (ISO). */
export const WEEKDAY_LABELS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export const STOPS_MISMATCH_MESSAGE = 'L’ordre doit reprendre chaque point de la tournée, une fois chacun.';

/** A stop of a tour: a delivery point, its rank from 1. */
export const tourStopSchema = z.object({ location_id: z.int(), name: z.string(), address: z.string(), rank: z.int() });

/** The tour's usual courier of each weekday (1 Monday … 7 Sunday): every round of that weekday is theirs unless named otherwise for the day. */
export const tourCourierSchema = z.object({ weekday: z.int(), courier: z.nullable(roundCourierSchema) });

export const staffTourSchema = z.object({ id: z.int(), name: z.string(), stops: z.array(tourStopSchema), couriers: z.array(tourCourierSchema) });
export type StaffTour = z.infer<typeof staffTourSchema>;

/** GET /api/staff/tours */
export const staffToursSchema = z.object({ tours: z.array(staffTourSchema) });

/** PUT /api/staff/tours/{id}/stops: every point of the tour, in the order of the round. */
export const tourStopsBodySchema = z.object({
  location_ids: z.array(idField('Point de livraison invalide.')).check(z.minLength(1, { error: STOPS_MISMATCH_MESSAGE }), z.maxLength(500)),
});

/** GET /api/staff/labels.pdf?date=…&tour=… (tour left out: every tour, a page per tour). */
export const labelsQuerySchema = z.object({ date: isoDateField, tour: z.optional(z.pipe(z.coerce.number(), idField('Tournée invalide.'))) });

const weekdayField = z.int({ error: 'Jour de la semaine invalide.' }).check(z.minimum(1, { error: 'Jour de la semaine invalide.' }), z.maximum(7, { error: 'Jour de la semaine invalide.' }));
const courierIdField = z.nullable(idField('Livreur invalide.'));

/** PUT /api/staff/tours/{id}/couriers: the usual courier of the weekdays listed (null: nobody). */
export const tourCouriersBodySchema = z.object({
  couriers: z.array(z.object({ weekday: weekdayField, staff_id: courierIdField })).check(z.minLength(1), z.maxLength(7)),
});
export type TourCouriersBody = z.infer<typeof tourCouriersBodySchema>;

/** PUT /api/staff/rounds/{tourId}/courier?date=…: the round's courier for that one day (null: nobody). */
export const roundCourierBodySchema = z.object({ staff_id: courierIdField });
export const roundCourierAnswerSchema = z.object({ tour_id: z.int(), date: z.string(), courier: z.nullable(roundCourierSchema) });

/** GET /api/staff/day: the day the team works on now (docs/product/team.md, "The working day"). */
export const staffDaySchema = z.object({ date: z.string() });
