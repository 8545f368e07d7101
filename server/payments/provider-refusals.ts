import { ERROR_CODES } from '#shared/api/errors';
import { AppError } from '../lib/errors';
import { EdenredError, type EdenredClient } from './edenred/edenred-types';

/**
 * How the adapters' failures that are no outage reach the customer, wired where the app makes the
 * adapters (server/app.ts), so every route using them answers the same.
 */

/**
 * Card payments when PayGreen is not configured (production without PAYGREEN_*): the clear 503
 * Edenred's routes answer in the same case (modules/edenred/edenred.service.ts), not a 500.
 */
export const payGreenUnavailable = () => new AppError(503, 'paygreen_unavailable', 'Le paiement par carte est momentanément indisponible.');

const UNKNOWN_PAYLOAD = 'Ce paiement Edenred n’est pas reconnu : recommencez le paiement.';

/**
 * The Edenred adapter, refusing a widget payload Edenred does not know (garbage or a forgery: it
 * came through the browser) as the bad input it is, 422, not as the 502 of a provider that failed.
 */
export function refusingUnknownPayloads(client: EdenredClient): EdenredClient {
  return {
    ...client,
    widgetPayment: (payload) =>
      client.widgetPayment(payload).catch((err: unknown) => {
        if (err instanceof EdenredError && err.code === 'invalid_payload') throw new AppError(422, ERROR_CODES.validation, UNKNOWN_PAYLOAD, { payload: [UNKNOWN_PAYLOAD] });
        throw err;
      }),
  };
}
