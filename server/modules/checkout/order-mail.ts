import { formatEuros } from '#shared/money';
import { slotTime } from '#shared/time';
import type { customers, orderProducts, orders } from '../../db/schema';
import type { OutgoingMail } from '../../mail/outbox';
import { renderInvoice } from '../../pdf/invoice';
import { depositLines } from '../../pdf/invoice-totals';
import { paymentMeansLines } from '../../pdf/payment-means';
import { SELLER } from '../../pdf/seller';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderProducts.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * "Votre commande est confirmée": the lines, the delivery point and time window, how it was paid,
 * the total, and the invoice PDF attached (the same bytes as GET /api/pdfs/invoices/{id}).
 */
export async function orderConfirmationMail(customer: CustomerRow, order: OrderRow, lines: LineRow[]): Promise<OutgoingMail> {
  const pdf = await renderInvoice({ seller: SELLER, customer, order, lines });
  const top = lines.filter((l) => l.parentId === null);
  const lineText = top.flatMap((l) => [
    `- ${l.quantity} × ${l.name} : ${formatEuros(l.unitPriceCents * l.quantity)}`,
    ...lines.filter((c) => c.parentId === l.id).map((c) => `    ${c.categoryName ? `${c.categoryName} : ` : ''}${c.name}${c.unitPriceCents ? ` (+${formatEuros(c.unitPriceCents)})` : ''}`),
  ]);
  const window = order.deliveryStart && order.deliveryEnd ? `, ${slotTime(order.deliveryStart, order.deliveryEnd, order.deliveryPrivate)}` : '';
  const when = order.deliveryDate ? `le ${ddmmyyyy(order.deliveryDate)}${window}` : '';
  const means = paymentMeansLines(order.paymentMeans);
  const text = [
    `Bonjour ${customer.firstname},`,
    '',
    `Merci pour votre commande ${order.invoiceNumber} : elle est confirmée.`,
    '',
    'Votre commande :',
    ...lineText,
    ...(order.discountCents ? [`Remise${order.discountCode ? ` (code ${order.discountCode})` : ''} : ${formatEuros(-order.discountCents)}`] : []),
    ...depositLines(order).map((line) => `${line.label} : ${formatEuros(line.cents)}`),
    `Total : ${formatEuros(order.amountTotalCents)}`,
    '',
    `Livraison : ${order.deliveryName ?? 'votre point de livraison'}${when ? `, ${when}` : ''}.`,
    '',
    `${means.length > 1 ? 'Moyens' : 'Moyen'} de paiement :`,
    ...means.map((l) => `- ${l}`),
    ...(order.paperVouchersCents ? ['Écrivez votre nom au dos de vos titres-restaurant papier et remettez-les au livreur.'] : []),
    '',
    'Votre facture est jointe à ce message.',
    '',
    'Bon appétit !',
    'L’équipe Popote',
  ].join('\n');
  return {
    to: customer.email,
    subject: `Votre commande Popote ${order.invoiceNumber} est confirmée`,
    text,
    attachments: [{ filename: `facture-${order.invoiceNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
  };
}

/** Short mails about a card (or Edenred widget) payment that did not, or not yet, end in an order. */
export function cardPaymentMail(email: string, firstname: string, kind: 'pending' | 'refused' | 'refunded', amountCents: number, means: 'card' | 'edenred' = 'card'): OutgoingMail {
  const amount = formatEuros(amountCents);
  const what = means === 'card' ? `Votre paiement par carte de ${amount}` : `Votre paiement Edenred de ${amount}`;
  const body = {
    pending: [`${what} est en attente de validation.`, 'Vous recevrez un message dès qu’il sera confirmé ; votre panier reste réservé en attendant.'],
    refused: [`${what} a été refusé : aucune somme n’a été prélevée.`, 'Votre panier vous attend : vous pouvez réessayer ou choisir un autre moyen de paiement.'],
    refunded: [`${what} vous a été remboursé : la commande n’a pas pu être passée (un plat épuisé entre-temps, ou une commande déjà payée).`, 'Le remboursement apparaît sous quelques jours sur votre relevé.'],
  }[kind];
  const subject = { pending: 'Votre paiement Popote est en attente', refused: 'Votre paiement Popote a été refusé', refunded: 'Votre paiement Popote a été remboursé' }[kind];
  return { to: email, subject, text: [`Bonjour ${firstname},`, '', ...body, '', 'L’équipe Popote'].join('\n') };
}
