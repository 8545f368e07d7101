import { ApiError, api, refreshCsrfToken } from '../../../lib/api-client';
import { contactResponseSchema, type ContactResponse, type LandingContactBody } from '../../../shared/api/contact';

/**
 * Failures a second try can cure: the network or the server's side (5xx). An expired token (419)
 * is already refreshed and retried once by api() itself.
 */
function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * One call, and on failure one anti-forgery token refresh and one retry (docs/product/contact.md). The body
 * carries a submission id, so a retry of a message that did arrive is not stored twice.
 */
async function withOneRetry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!worthRetrying(error)) throw error;
    // A refresh that fails leaves the retry to say why.
    await refreshCsrfToken().catch(() => undefined);
    return call();
  }
}

/** POST /api/contact: the form's fields and its files (parts named `files`) as multipart. */
export function sendContact(body: FormData): Promise<ContactResponse> {
  return withOneRetry(() => api('/api/contact', { method: 'POST', body, schema: contactResponseSchema }));
}

/** POST /api/landing-page/contact: a company's request (JSON). */
export function sendLandingContact(body: LandingContactBody): Promise<ContactResponse> {
  return withOneRetry(() => api('/api/landing-page/contact', { method: 'POST', body, schema: contactResponseSchema }));
}
