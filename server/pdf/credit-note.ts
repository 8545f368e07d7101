import { formatEuros } from '#shared/money';
import { parisDate } from '#shared/time';
import type { creditNotes, refunds } from '../db/schema';
import { vatIncluded } from '../lib/vat';
import { formatRate } from '#shared/vat-rate';
import type { InvoiceCustomer, InvoiceLine, InvoiceOrder } from './invoice';
import { invoiceTotals, itemsRefund } from './invoice-totals';
import { ddmmyyyy, openFrame } from './page-frame';
import type { Seller } from './seller';

type CreditNoteRow = Pick<typeof creditNotes.$inferSelect, 'number' | 'amountCents' | 'reason' | 'kind' | 'createdAt'> & Partial<Pick<typeof creditNotes.$inferSelect, 'lines'>>;
type RefundRow = Pick<typeof refunds.$inferSelect, 'means' | 'amountCents'>;

export interface CreditNoteInput {
  seller: Seller;
  customer: InvoiceCustomer;
  order: InvoiceOrder;
  lines: InvoiceLine[];
  note: CreditNoteRow;
  /** How the money goes back, a row a means. */
  refunds: RefundRow[];
}

const REFUND_LABELS: Record<RefundRow['means'], string> = {
  card: 'Remboursé sur la carte bancaire',
  edenred: 'Remboursé sur le compte Edenred',
  pool: 'Crédité sur la cagnotte Popote',
  paper_vouchers: 'Non encaissé (titres-restaurant papier non remis, reste à régler annulé)',
};

export interface CreditNoteRate {
  rateBp: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * What a credit note gives back, per VAT rate, and the deposit outside VAT: a cancellation gives
 * back the invoice as it was (its rates and its deposit); a refund of an amount is spread over the
 * invoice's rates in proportion to what each carried (the deposit is not a meal: it is given back
 * only by a cancellation, or as the containers come back).
 */
export function creditNoteRates(input: Pick<CreditNoteInput, 'order' | 'lines' | 'note'>): { rates: CreditNoteRate[]; depositCents: number } {
  const totals = invoiceTotals(input.lines, input.order.discountCents);
  if (input.note.kind === 'cancellation') {
    const deposit = Math.max(0, input.note.amountCents - totals.totalCents);
    const goods = input.note.amountCents - deposit;
    if (goods === totals.totalCents) return { rates: totals.rates, depositCents: deposit };
    return { rates: spread(goods, totals.rates), depositCents: deposit };
  }
  // A refund of items: their own rates (what it gave back beyond them, an unpaid part, is spread).
  if (input.note.lines?.length) {
    const items = itemsRefund(input.lines, input.order.discountCents, new Map(input.note.lines.map((l) => [l.orderProductId, l.quantity])));
    if (items.totalCents === input.note.amountCents) return { rates: items.rates, depositCents: 0 };
  }
  return { rates: spread(input.note.amountCents, totals.rates), depositCents: 0 };
}

function spread(amount: number, rates: CreditNoteRate[]): CreditNoteRate[] {
  const sum = rates.reduce((n, r) => n + r.totalCents, 0);
  if (sum <= 0) return amount > 0 ? [{ rateBp: 1000, totalCents: amount, vatCents: vatIncluded(amount, 1000), baseCents: amount - vatIncluded(amount, 1000) }] : [];
  let left = amount;
  return rates.map((rate, i) => {
    const total = i === rates.length - 1 ? left : Math.round((amount * rate.totalCents) / sum);
    left -= total;
    const vat = vatIncluded(total, rate.rateBp);
    return { rateBp: rate.rateBp, totalCents: total, vatCents: vat, baseCents: total - vat };
  });
}

/**
 * A credit note (avoir) as a PDF, A4, French: its own number, the invoice it corrects, the reason,
 * the amounts given back per VAT rate and the deposit outside VAT, and how the money goes back.
 */
export function renderCreditNote(input: CreditNoteInput): Promise<Buffer> {
  const { seller, customer, order, note } = input;
  const frame = openFrame({ title: `Avoir ${note.number}`, date: note.createdAt, author: seller.name, margin: 50, footer: `Avoir ${note.number}` });
  const { left, right, width, write, rule } = frame;
  const half = width / 2 - 10;
  let y = frame.sellerHead(seller, {
    title: 'Avoir',
    number: `N° ${note.number}`,
    facts: [`Date d’émission : ${ddmmyyyy(parisDate(note.createdAt))}`, `Sur la facture ${order.invoiceNumber ?? ''} du ${ddmmyyyy(parisDate(order.createdAt))}`],
  });

  let customerY = write('Client', left, y, half, { bold: true, size: 10 });
  for (const text of [`${customer.firstname} ${customer.lastname}`.trim(), customer.companyName ?? '', customer.email].filter(Boolean)) customerY = write(text, left, customerY + 1, half);
  let reasonY = write(note.kind === 'cancellation' ? 'Annulation de la commande' : 'Remboursement partiel', right - half, y, half, { bold: true, size: 10 });
  reasonY = write(`Motif : ${note.reason}`, right - half, reasonY + 1, half);
  y = Math.max(customerY, reasonY) + 24;

  const total = { label: 'Montant TTC', x: right - 130, width: 130, align: 'right' as const };
  const cols = [
    { label: 'TVA', x: left, width: 120, align: 'left' as const },
    { label: 'Base HT', x: left + 130, width: 110, align: 'right' as const },
    { label: 'TVA', x: left + 250, width: 110, align: 'right' as const },
    total,
  ];
  for (const c of cols) write(c.label, c.x, y, c.width, { align: c.align, bold: true });
  y += 16;
  rule(y - 3);
  const { rates, depositCents } = creditNoteRates(input);
  for (const rate of rates) {
    const cells = [`Taux ${formatRate(rate.rateBp)}`, `− ${formatEuros(rate.baseCents)}`, `− ${formatEuros(rate.vatCents)}`, `− ${formatEuros(rate.totalCents)}`];
    cells.forEach((text, i) => write(text, cols[i]!.x, y, cols[i]!.width, { align: cols[i]!.align }));
    y += 16;
  }
  if (depositCents > 0) {
    write('Consigne des contenants (hors TVA)', left, y, 300);
    write(`− ${formatEuros(depositCents)}`, total.x, y, total.width, { align: 'right' });
    y += 16;
  }
  rule(y);
  y += 8;
  write('Total de l’avoir', left, y, 300, { bold: true, size: 11 });
  write(`− ${formatEuros(note.amountCents)}`, total.x, y, total.width, { align: 'right', bold: true, size: 11 });
  y += 30;
  write('Remboursement', left, y, width, { bold: true, size: 10 });
  y += 14;
  for (const r of input.refunds.filter((r) => r.amountCents > 0)) y = write(`${REFUND_LABELS[r.means]} : ${formatEuros(r.amountCents)}`, left, y + 1, width);
  return frame.finish();
}
