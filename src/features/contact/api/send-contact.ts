import { ApiError, NetworkError, refreshCsrfToken } from '../../../lib/api-client';
import { CONTACT_MESSAGES, type ContactResponse, type LandingContactBody } from '../../../shared/api/contact';
import { call } from '../../../lib/api-call';
import { CONTACT } from '../../../shared/api/routes/contact';

/**
 * Failures a second try can cure: the network or the server's side (5xx). An expired token (419)
 * is already refreshed and retried once by api() itself.
 */
function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Whether the same message may be sent again under the same idempotency key: after no answer or a
 * failure of the server (its answer may have been lost after it stored the message), yes; after an
 * answer that judged it (a field refused), no: the corrected message is another request.
 */
export const keepsItsKey = worthRetrying;

/** What the form says when sending failed: the network, the server, or what was typed. */
export function contactFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return CONTACT_MESSAGES.networkFailure;
  if (error instanceof ApiError && error.status >= 500) return CONTACT_MESSAGES.serverFailure;
  return CONTACT_MESSAGES.failureMessage;
}

/**
 * One call, and on failure one anti-forgery token refresh and one retry (docs/product/contact.md),
 * both under the submission's idempotency key: a retry of a message whose answer was lost gets
 * that answer back, is stored once and never counts against the sender's limit. The body also
 * carries a submission id, so even a repeat under another key is not stored twice.
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
export function sendContact(body: FormData, idempotencyKey: string): Promise<ContactResponse> {
  return withOneRetry(() => call(CONTACT.postContact, { body, idempotencyKey }));
}

/** POST /api/landing-page/contact: a company's request (JSON). */
export function sendLandingContact(body: LandingContactBody, idempotencyKey: string): Promise<ContactResponse> {
  return withOneRetry(() => call(CONTACT.postLandingPageContact, { body, idempotencyKey }));
}
