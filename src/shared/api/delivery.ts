import { z } from 'zod';

export const deliveryLocationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  is_private: z.boolean(),
});

/** A delivery: one point, one date, one time window, one tour with its order cut-off. */
export const deliverySchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD HH:MM:SS', Paris wall-clock time. */
  starts_at: z.string(),
  ends_at: z.string(),
  delivery_location: deliveryLocationSummarySchema,
  tour: z.object({ id: z.number().int(), name: z.string(), order_time_limit: z.string() }),
});
export type Delivery = z.infer<typeof deliverySchema>;
