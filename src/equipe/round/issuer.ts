import type { VoucherIssuer } from '../../shared/api/courier-round';

/**
 * The issuer "Remis" gives the declared vouchers: Edenred's Ticket Restaurant, the most common in
 * France. Always the same: a correction on one bag (Pluxee for this customer) says nothing of the
 * next customer's vouchers, and is never taken as the courier's new default.
 */
export const DEFAULT_ISSUER: VoucherIssuer = 'edenred';
