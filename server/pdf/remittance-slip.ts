import { VOUCHER_ISSUER_LABELS } from '#shared/api/courier-round';
import type { Remittance } from '#shared/api/staff-remittances';
import { formatEuros } from '#shared/money';
import { frenchLongDate, parisDate } from '#shared/time';
import { ddmmyyyy, GREY, openFrame, RULE } from './page-frame';
import { SELLER } from './seller';

/**
 * The slip sent with a batch of paper meal vouchers to their issuer (A4, French): who remits
 * them, to which issuer, the batch's number and deadline, each order's vouchers (invoice,
 * delivery date, count, amount), the totals, the vouchers by face value (what the issuer counts)
 * and room to sign.
 */
export function renderRemittanceSlip(remittance: Remittance, generatedAt: Date): Promise<Buffer> {
  const issuer = VOUCHER_ISSUER_LABELS[remittance.issuer];
  const number = `Remise n° ${remittance.id} – ${issuer}`;
  const frame = openFrame({ title: `Bordereau de remise n° ${remittance.id} – ${issuer}`, date: generatedAt, author: SELLER.name, margin: 50, footer: number });
  const { left, right, width, write, rule } = frame;
  let y = frame.sellerHead(SELLER, {
    title: 'Bordereau de remise',
    number,
    facts: [
      'Titres-restaurant papier',
      `Préparée le ${ddmmyyyy(parisDate(new Date(remittance.created_at)))}`,
      `À présenter au plus tard le ${frenchLongDate(remittance.deadline, { year: true })}`,
      `${remittance.count} titre${remittance.count > 1 ? 's' : ''} – ${formatEuros(remittance.total)}`,
    ],
  });

  const cols = { invoice: { x: left, w: 120 }, date: { x: left + 125, w: 90 }, customer: { x: left + 220, w: 160 }, count: { x: left + 385, w: 45 }, amount: { x: right - 80, w: 80 } };
  const SIZE = { size: 10 };
  const header = () => {
    write('Facture', cols.invoice.x, y, cols.invoice.w, { ...SIZE, bold: true });
    write('Livraison', cols.date.x, y, cols.date.w, { ...SIZE, bold: true });
    write('Client', cols.customer.x, y, cols.customer.w, { ...SIZE, bold: true });
    write('Titres', cols.count.x, y, cols.count.w, { ...SIZE, bold: true, align: 'right' });
    y = write('Montant', cols.amount.x, y, cols.amount.w, { ...SIZE, bold: true, align: 'right' }) + 4;
    rule(y);
    y += 4;
  };
  header();
  for (const order of remittance.orders) {
    if (!frame.fits(y, frame.heightOf(order.customer, cols.customer.w, SIZE) + 4)) {
      y = frame.newPage();
      header();
    }
    const bottom = Math.max(
      write(order.invoice_number, cols.invoice.x, y, cols.invoice.w, SIZE),
      write(order.delivery_date ? ddmmyyyy(order.delivery_date) : '', cols.date.x, y, cols.date.w, SIZE),
      write(order.customer, cols.customer.x, y, cols.customer.w, SIZE),
      write(String(order.count), cols.count.x, y, cols.count.w, { ...SIZE, align: 'right' }),
      write(formatEuros(order.total), cols.amount.x, y, cols.amount.w, { ...SIZE, align: 'right' }),
    );
    y = bottom + 4;
  }
  // The totals, the breakdown by face value, the note and the room to sign stay together.
  if (!frame.fits(y, 190 + remittance.faces.length * 16)) y = frame.newPage();
  rule(y);
  y += 6;
  write('Total', cols.customer.x, y, cols.customer.w, { ...SIZE, bold: true });
  write(String(remittance.count), cols.count.x, y, cols.count.w, { ...SIZE, bold: true, align: 'right' });
  y = write(formatEuros(remittance.total), cols.amount.x, y, cols.amount.w, { ...SIZE, bold: true, align: 'right' }) + 20;

  // The issuer counts the vouchers by face value: each value, how many, what they add up to.
  y = write('Détail par valeur faciale', left, y, width, { ...SIZE, bold: true }) + 4;
  write('Valeur faciale', cols.customer.x, y, cols.customer.w, { ...SIZE, bold: true });
  write('Titres', cols.count.x, y, cols.count.w, { ...SIZE, bold: true, align: 'right' });
  y = write('Montant', cols.amount.x, y, cols.amount.w, { ...SIZE, bold: true, align: 'right' }) + 4;
  rule(y);
  y += 4;
  for (const face of remittance.faces) {
    write(`${formatEuros(face.unit)} le titre`, cols.customer.x, y, cols.customer.w, SIZE);
    write(String(face.count), cols.count.x, y, cols.count.w, { ...SIZE, align: 'right' });
    y = write(formatEuros(face.total), cols.amount.x, y, cols.amount.w, { ...SIZE, align: 'right' }) + 4;
  }
  y += 20;

  y = write('Les titres sont joints à ce bordereau, et la remise déclarée sur le portail de l’émetteur.', left, y, width, { ...SIZE, color: GREY }) + 30;
  write('Date et signature :', left, y, width / 2, SIZE);
  frame.doc.rect(left, y + 16, width / 2, 60).lineWidth(0.5).strokeColor(RULE).stroke();
  return frame.finish();
}
