import PDFDocument from 'pdfkit';
import { VOUCHER_ISSUER_LABELS } from '#shared/api/courier-round';
import type { Remittance } from '#shared/api/staff-remittances';
import { formatEuros } from '#shared/money';
import { frenchLongDate, parisDate } from '#shared/time';
import { pdfText } from './invoice';
import { pdfBytes } from './pdf-bytes';
import { SELLER } from './seller';

const MARGIN = 50;
const INK = '#111111';
const GREY = '#555555';
const RULE = '#bbbbbb';
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The slip sent with a batch of paper meal vouchers to their issuer (A4, French): who remits
 * them, to which issuer, the batch's number and deadline, each order's vouchers (invoice,
 * delivery date, count, amount) and the totals, and room to sign.
 */
export function renderRemittanceSlip(remittance: Remittance, generatedAt: Date): Promise<Buffer> {
  const issuer = VOUCHER_ISSUER_LABELS[remittance.issuer];
  const title = `Bordereau de remise n° ${remittance.id} – ${issuer}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, lang: 'fr-FR', displayTitle: true, info: { Title: pdfText(title), CreationDate: generatedAt, ModDate: generatedAt } });
  const done = pdfBytes(doc);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  let y = MARGIN;
  const write = (text: string, x: number, top: number, w: number, opts: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' } = {}) => {
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? INK)
      .text(pdfText(text), x, top, { width: w, align: opts.align ?? 'left' });
    return doc.y;
  };
  const rule = (at: number) => doc.moveTo(left, at).lineTo(right, at).lineWidth(0.5).strokeColor(RULE).stroke();

  y = write('Bordereau de remise de titres-restaurant papier', left, y, width, { size: 12, color: GREY });
  y = write(`Remise n° ${remittance.id} – ${issuer}`, left, y + 2, width, { size: 20, bold: true }) + 10;
  const sellerBottom = write([SELLER.name, ...SELLER.addressLines, `SIREN ${SELLER.siren} – TVA ${SELLER.vatNumber}`, `${SELLER.email} – ${SELLER.phone}`].join('\n'), left, y, width / 2 - 10);
  const facts = [
    `Émetteur : ${issuer}`,
    `Préparée le ${ddmmyyyy(parisDate(new Date(remittance.created_at)))}`,
    `À présenter au plus tard le ${frenchLongDate(remittance.deadline, { year: true })}`,
    `${remittance.count} titre${remittance.count > 1 ? 's' : ''} – ${formatEuros(remittance.total)}`,
  ];
  const factsBottom = write(facts.join('\n'), left + width / 2, y, width / 2, { align: 'right' });
  y = Math.max(sellerBottom, factsBottom) + 16;

  const cols = { invoice: { x: left, w: 120 }, date: { x: left + 125, w: 90 }, customer: { x: left + 220, w: 160 }, count: { x: left + 385, w: 45 }, amount: { x: right - 80, w: 80 } };
  const header = () => {
    write('Facture', cols.invoice.x, y, cols.invoice.w, { bold: true });
    write('Livraison', cols.date.x, y, cols.date.w, { bold: true });
    write('Client', cols.customer.x, y, cols.customer.w, { bold: true });
    write('Titres', cols.count.x, y, cols.count.w, { bold: true, align: 'right' });
    write('Montant', cols.amount.x, y, cols.amount.w, { bold: true, align: 'right' });
    y = doc.y + 4;
    rule(y);
    y += 4;
  };
  header();
  for (const order of remittance.orders) {
    if (y > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    const bottom = Math.max(
      write(order.invoice_number, cols.invoice.x, y, cols.invoice.w),
      write(order.delivery_date ? ddmmyyyy(order.delivery_date) : '', cols.date.x, y, cols.date.w),
      write(order.customer, cols.customer.x, y, cols.customer.w),
      write(String(order.count), cols.count.x, y, cols.count.w, { align: 'right' }),
      write(formatEuros(order.total), cols.amount.x, y, cols.amount.w, { align: 'right' }),
    );
    y = bottom + 4;
  }
  rule(y);
  y += 6;
  write('Total', cols.customer.x, y, cols.customer.w, { bold: true });
  write(String(remittance.count), cols.count.x, y, cols.count.w, { bold: true, align: 'right' });
  y = write(formatEuros(remittance.total), cols.amount.x, y, cols.amount.w, { bold: true, align: 'right' }) + 24;

  y = write('Les titres sont joints à ce bordereau, et la remise déclarée sur le portail de l’émetteur.', left, y, width, { color: GREY }) + 30;
  write('Date et signature :', left, y, width / 2);
  doc.rect(left, y + 16, width / 2, 60).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.end();
  return done;
}
