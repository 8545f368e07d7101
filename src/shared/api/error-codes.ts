/*
 * The error envelope's codes and statuses, apart from its schema: the page's first JavaScript
 * reads them without loading zod.
 */

/** Every error the API answers: `{message, code?, errors?}` (errors: field → messages). */
export interface ErrorEnvelope {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** Machine-readable codes of the error envelope. */
export const ERROR_CODES = {
  validation: 'validation_failed',
  notFound: 'not_found',
  csrf: 'csrf_mismatch',
  rateLimited: 'too_many_requests',
  badRequest: 'bad_request',
  tooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  unavailable: 'service_unavailable',
  /** Two changes crossed in the database (a deadlock, a row deleted meanwhile): nothing was done, try again. */
  conflict: 'concurrent_change',
  internal: 'internal_error',
} as const;

/**
 * A saturated server's refusal (503 with Retry-After): `message` is its answer; the client shows
 * `waiting` while it waits to try once more.
 */
export const OVERLOADED = {
  code: 'overloaded',
  message: 'Beaucoup de monde en ce moment… Merci de réessayer dans quelques secondes.',
  waiting: 'Beaucoup de monde en ce moment…',
} as const;

/** 419 is the status of a missing or mismatched anti-forgery token (as Laravel does). */
export const CSRF_STATUS = 419;
