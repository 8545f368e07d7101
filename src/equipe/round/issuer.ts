import { VOUCHER_ISSUERS, type VoucherIssuer } from '../../shared/api/courier-round';

/**
 * The issuer "Remis" gives the declared vouchers: the one this courier chose last (customers of a
 * company mostly pay with the same), else Edenred's Ticket Restaurant, the most common in France.
 */
const KEY = 'popote-round-issuer';

export function usualIssuer(): VoucherIssuer {
  try {
    const kept = localStorage.getItem(KEY);
    return (VOUCHER_ISSUERS as readonly string[]).includes(kept ?? '') ? (kept as VoucherIssuer) : 'edenred';
  } catch {
    return 'edenred';
  }
}

export function rememberIssuer(issuer: VoucherIssuer): void {
  try {
    localStorage.setItem(KEY, issuer);
  } catch {
    // Not kept: Edenred next time.
  }
}
