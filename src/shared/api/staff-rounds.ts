import { z } from 'zod/mini';
import { idField, isoDateField } from './fields';

/**
 * The team's rounds (docs/product/team.md): the order of each tour's stops, set by an admin; the
 * round sheet and the bag labels are PDFs (GET /api/staff/rounds/{id}/sheet.pdf,
 * GET /api/staff/labels.pdf).
 */

export const ROUNDS_ERRORS = { stopsMismatch: 'tour_stops_mismatch' } as const;
export const STOPS_MISMATCH_MESSAGE = 'L’ordre doit reprendre chaque point de la tournée, une fois chacun.';

/** A stop of a tour: a delivery point, its rank from 1. */
export const tourStopSchema = z.object({ location_id: z.int(), name: z.string(), address: z.string(), rank: z.int() });

export const staffTourSchema = z.object({ id: z.int(), name: z.string(), stops: z.array(tourStopSchema) });
export type StaffTour = z.infer<typeof staffTourSchema>;

/** GET /api/staff/tours */
export const staffToursSchema = z.object({ tours: z.array(staffTourSchema) });

/** PUT /api/staff/tours/{id}/stops: every point of the tour, in the order of the round. */
export const tourStopsBodySchema = z.object({
  location_ids: z.array(idField('Point de livraison invalide.')).check(z.minLength(1, { error: STOPS_MISMATCH_MESSAGE }), z.maxLength(500)),
});

/** GET /api/staff/labels.pdf?date=…&tour=… (tour left out: every tour, a page per tour). */
export const labelsQuerySchema = z.object({ date: isoDateField, tour: z.optional(z.pipe(z.coerce.number(), idField('Tournée invalide.'))) });
