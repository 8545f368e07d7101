import { z } from 'zod/mini';

/**
 * Answers of /api that are not JSON, described for the API reference (`/api/openapi.json`): a
 * media type and its body, or a redirect. The payload is a string or a Buffer sent as is, so these
 * schemas never serialize anything.
 */
export const nonJsonAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});

/** An answer without a body: a 204, or a redirect (its Location says where). */
export const emptyAnswer = (description: string) => z.null().check(z.describe(description));
