import { formatEuros } from '#shared/money';
import type { PaymentMean, PaymentMeansKind } from '../db/schema';

/** How each means of payment reads on an invoice and in mails. */
export const PAYMENT_MEANS_LABEL: Record<PaymentMeansKind, string> = {
  card: 'Carte bancaire',
  edenred: 'Titres-restaurant Edenred',
  pool: 'Cagnotte Popote',
  paper_vouchers: 'Titres-restaurant papier, à régler à la livraison',
};

/** "Carte bancaire : 12,90 €", one a means; "Aucun paiement (commande offerte)" when nothing was due. */
export function paymentMeansLines(means: readonly PaymentMean[]): string[] {
  const paid = means.filter((m) => m.amountCents > 0);
  return paid.length ? paid.map((m) => `${PAYMENT_MEANS_LABEL[m.means]} : ${formatEuros(m.amountCents)}`) : ['Aucun paiement (commande offerte)'];
}
