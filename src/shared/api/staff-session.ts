/*
 * The team's session, apart from its schemas: the API client reads these without loading zod.
 * A team member's session has cookies of its own, beside a customer's in the same browser.
 */

/** Every team route lives under it. */
export const STAFF_API_PREFIX = '/api/staff/';
/** The session's cookie (HttpOnly, SameSite=Strict) and its readable anti-forgery token. */
export const STAFF_SESSION_COOKIE = 'popote_staff';
export const STAFF_XSRF_COOKIE = 'XSRF-STAFF';
/** A team session lasts a working day. */
export const STAFF_SESSION_TTL_MS = 12 * 3600 * 1000;
/** A session between the password and the second factor opens nothing else, and not for long. */
export const STAFF_PENDING_TTL_MS = 10 * 60 * 1000;
