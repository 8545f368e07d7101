import { z } from 'zod/mini';

/** Every error the API answers: `{message, code?, errors?}` (errors: field → messages). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { CSRF_STATUS, ERROR_CODES } from './error-codes';
