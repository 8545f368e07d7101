import PDFDocument from 'pdfkit';
import { formatEuros } from '#shared/money';
import { formatRate } from '#shared/vat-rate';
import { parisDate, slotTime } from '#shared/time';
import type { customers, orderProducts, orders } from '../db/schema';
import { depositLines, invoiceTotals } from './invoice-totals';
import { paymentMeansLines } from './payment-means';
import type { Seller } from './seller';
import { pdfBytes } from './pdf-bytes';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderProducts.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

export type InvoiceOrder = Pick<
  OrderRow,
  'invoiceNumber' | 'createdAt' | 'amountTotalCents' | 'discountCents' | 'depositCents' | 'depositChargedCents' | 'depositRefundedCents' | 'deliveryDate' | 'deliveryStart' | 'deliveryEnd' | 'deliveryName' | 'deliveryPrivate'
> &
  Partial<Pick<OrderRow, 'paymentMeans' | 'discountCode'>>;

export type InvoiceLine = Pick<LineRow, 'id' | 'parentId' | 'name' | 'categoryName' | 'unitPriceCents' | 'quantity' | 'vatRateBp'>;
export type InvoiceCustomer = Pick<CustomerRow, 'firstname' | 'lastname' | 'companyName' | 'email'>;

export interface InvoiceInput {
  seller: Seller;
  customer: InvoiceCustomer;
  order: InvoiceOrder;
  lines: InvoiceLine[];
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/** Characters WinAnsiEncoding holds beyond Latin-1 (0x80–0x9F): the standard fonts can draw them. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SUBSTITUTES: Record<string, string> = {
  '\u202f': '\u00a0', // Intl's narrow no-break space (fr-FR thousands and before €)
  '\u2009': ' ',
  '\u2007': '\u00a0',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2026': '…',
};

/**
 * Text the built-in Helvetica (WinAnsiEncoding) can draw: pdfkit prints garbage for anything else
 * (U+202F comes out as '/'). Accents are dropped as a last resort, then '?'.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n') out += ch;
    else if (SUBSTITUTES[ch] !== undefined) out += SUBSTITUTES[ch];
    else if (/\s/u.test(ch)) out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...plain].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff) && plain ? plain : '?';
    }
  }
  return out;
}

const euros = (cents: number) => pdfText(formatEuros(cents));
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
const GREY = '#555555';
const RULE = '#bbbbbb';
const INK = '#111111';

interface Cell {
  text: string;
  x: number;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * The invoice of an order as a PDF (A4, French): seller and customer, delivery, lines with their
 * VAT rates, totals per rate, the deposit outside the VAT base, the amount paid and the mentions
 * the Code de commerce asks for (art. L441-9, L441-10, D441-5).
 */
export function renderInvoice({ seller, customer, order, lines }: InvoiceInput): Promise<Buffer> {
  const number = order.invoiceNumber ?? '';
  const issued = ddmmyyyy(parisDate(order.createdAt));
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    // The document's dates are the invoice's, so the same invoice always gives the same file.
    info: { Title: pdfText(`Facture ${number}`), Author: pdfText(seller.name), Creator: pdfText(seller.name), CreationDate: order.createdAt, ModDate: order.createdAt },
  });
  const done = pdfBytes(doc);

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = MARGIN;

  const write = (text: string, x: number, top: number, opts: { width: number; align?: Cell['align']; size?: number; bold?: boolean; color?: string }) => {
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? INK)
      .text(pdfText(text), x, top, { width: opts.width, align: opts.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const heightOf = (cells: Cell[], size: number, bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    return Math.max(...cells.map((c) => doc.heightOfString(pdfText(c.text) || ' ', { width: c.width, lineGap: 1 })));
  };
  const rule = (at: number, color = RULE) => {
    doc.moveTo(left, at).lineTo(right, at).lineWidth(0.5).strokeColor(color).stroke();
  };
  /** Starts a new page when `needed` points do not fit; returns true if it did. */
  const ensure = (needed: number) => {
    if (y + needed <= bottom()) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const row = (cells: Cell[], opts: { size?: number; bold?: boolean; color?: string; onNewPage?: () => void } = {}) => {
    const size = opts.size ?? 9;
    const h = heightOf(cells, size, opts.bold ?? false);
    if (ensure(h + 4)) opts.onNewPage?.();
    for (const c of cells) write(c.text, c.x, y, { width: c.width, align: c.align, size, bold: opts.bold, color: opts.color });
    y += h + 4;
  };

  // Header: seller on the left, invoice identity on the right.
  const half = width / 2 - 10;
  let sellerY = write(seller.name, left, y, { width: half, size: 14, bold: true });
  for (const text of [seller.legalForm, ...seller.addressLines, `SIREN ${seller.siren} – ${seller.rcs}`, `TVA intracommunautaire : ${seller.vatNumber}`, `${seller.email} – ${seller.phone}`]) {
    sellerY = write(text, left, sellerY + 1, { width: half, color: GREY });
  }
  let titleY = write('Facture', right - half, y, { width: half, align: 'right', size: 22, bold: true });
  titleY = write(`N° ${number}`, right - half, titleY + 2, { width: half, align: 'right', size: 11, bold: true });
  titleY = write(`Date d’émission : ${issued}`, right - half, titleY + 2, { width: half, align: 'right' });
  y = Math.max(sellerY, titleY) + 20;

  // Customer and delivery.
  const blockTop = y;
  let customerY = write('Client', left, y, { width: half, bold: true, size: 10 });
  const customerLines = [`${customer.firstname} ${customer.lastname}`.trim(), customer.companyName ?? '', customer.email].filter(Boolean);
  for (const text of customerLines) customerY = write(text, left, customerY + 1, { width: half });
  let deliveryY = write('Livraison', right - half, blockTop, { width: half, bold: true, size: 10 });
  const windowText = order.deliveryStart && order.deliveryEnd ? `, ${slotTime(order.deliveryStart, order.deliveryEnd, order.deliveryPrivate)}` : '';
  const deliveryLines = [order.deliveryDate ? `Le ${ddmmyyyy(order.deliveryDate)}${windowText}` : '', order.deliveryName ? `Point de livraison : ${order.deliveryName}` : ''].filter(Boolean);
  for (const text of deliveryLines.length ? deliveryLines : ['—']) deliveryY = write(text, right - half, deliveryY + 1, { width: half });
  y = Math.max(customerY, deliveryY) + 20;

  // Lines.
  const cols = {
    name: { x: left, width: width - 280 },
    qty: { x: right - 275, width: 35 },
    unit: { x: right - 235, width: 75 },
    rate: { x: right - 155, width: 55 },
    total: { x: right - 95, width: 95 },
  };
  const tableHeader = () => {
    row(
      [
        { text: 'Désignation', ...cols.name },
        { text: 'Qté', ...cols.qty, align: 'right' },
        { text: 'P.U. TTC', ...cols.unit, align: 'right' },
        { text: 'TVA', ...cols.rate, align: 'right' },
        { text: 'Total TTC', ...cols.total, align: 'right' },
      ],
      { bold: true },
    );
    rule(y - 2, INK);
    y += 3;
  };
  ensure(60);
  tableHeader();
  const ids = new Set(lines.map((l) => l.id));
  const topLevel = lines.filter((l) => l.parentId === null || !ids.has(l.parentId));
  const priced = (l: InvoiceLine, name: string, indent: number): Cell[] => [
    { text: name, x: cols.name.x + indent, width: cols.name.width - indent },
    { text: String(l.quantity), ...cols.qty, align: 'right' },
    { text: euros(l.unitPriceCents), ...cols.unit, align: 'right' },
    { text: formatRate(l.vatRateBp), ...cols.rate, align: 'right' },
    { text: euros(l.unitPriceCents * l.quantity), ...cols.total, align: 'right' },
  ];
  for (const line of topLevel) {
    row(priced(line, line.name, 0), { onNewPage: tableHeader });
    for (const child of lines.filter((l) => l.parentId === line.id)) {
      const name = child.categoryName ? `${child.categoryName} : ${child.name}` : child.name;
      // A formula's dishes are included in its price; a dish with a supplement shows it.
      if (child.unitPriceCents > 0) row(priced(child, name, 12), { color: GREY, onNewPage: tableHeader });
      else row([{ text: name, x: cols.name.x + 12, width: cols.name.width - 12 }, { text: 'inclus', ...cols.total, align: 'right' }], { size: 8, color: GREY, onNewPage: tableHeader });
    }
    rule(y - 2);
  }
  y += 10;

  // Totals.
  const totals = invoiceTotals(lines, order.discountCents);
  const labelCol = { x: right - 340, width: 240 };
  const amountCol = { x: right - 95, width: 95 };
  const total = (label: string, cents: number, bold = false) =>
    row(
      [
        { text: label, ...labelCol },
        { text: euros(cents), ...amountCol, align: 'right' },
      ],
      { bold, size: bold ? 11 : 9 },
    );
  ensure(140);
  if (totals.discountCents > 0) {
    total('Sous-total TTC', totals.itemsCents);
    total(order.discountCode ? `Remise (code ${order.discountCode})` : 'Remise', -totals.discountCents);
  }
  total('Total TTC (hors consigne)', totals.totalCents, true);
  y += 4;

  // VAT per rate.
  const vatCols = {
    rate: { x: right - 280, width: 70 },
    base: { x: right - 205, width: 65 },
    vat: { x: right - 135, width: 55 },
    total: { x: right - 75, width: 75 },
  };
  const vatRow = (cells: [string, string, string, string], bold = false) =>
    row(
      [
        { text: cells[0], ...vatCols.rate },
        { text: cells[1], ...vatCols.base, align: 'right' },
        { text: cells[2], ...vatCols.vat, align: 'right' },
        { text: cells[3], ...vatCols.total, align: 'right' },
      ],
      { bold, size: 8 },
    );
  vatRow(['Taux de TVA', 'Base HT', 'TVA', 'Total TTC'], true);
  for (const r of totals.rates) vatRow([`TVA ${formatRate(r.rateBp)}`, euros(r.baseCents), euros(r.vatCents), euros(r.totalCents)]);
  vatRow(['Total', euros(totals.baseCents), euros(totals.vatCents), euros(totals.totalCents)], true);
  y += 6;

  // Containers taken and given back are two lines (their net is what was paid).
  for (const line of depositLines(order)) total(`${line.label} (hors champ de TVA)`, line.cents);
  ensure(24);
  rule(y - 2, INK);
  y += 2;
  total('Total payé', order.amountTotalCents, true);
  // Orders placed before the means were recorded have none to show.
  if (order.paymentMeans && (order.paymentMeans.length || order.amountTotalCents === 0)) {
    y += 4;
    for (const [i, text] of paymentMeansLines(order.paymentMeans).entries()) row([{ text: i ? text : `Réglé par : ${text}`, x: left, width }], { size: 9 });
  }
  y += 20;

  // Legal mentions (Code de commerce L441-9 and L441-10, D441-5).
  const mentions = [
    'Pas d’escompte pour paiement anticipé.',
    'En cas de retard de paiement, des pénalités sont exigibles au taux de trois fois le taux d’intérêt légal (art. L441-10 du Code de commerce).',
    'Pour les clients professionnels, tout retard de paiement entraîne en outre une indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce).',
    'La consigne des contenants n’est pas le prix d’une prestation : elle est hors du champ de la TVA et recréditée à leur restitution (article 5 des CGV).',
    `${seller.name}, ${seller.legalForm.charAt(0).toLowerCase()}${seller.legalForm.slice(1)}, ${seller.addressLines.join(', ')} – SIREN ${seller.siren} – ${seller.rcs} – TVA ${seller.vatNumber}.`,
  ];
  doc.font('Helvetica').fontSize(7.5);
  const mentionsHeight = mentions.reduce((h, m) => h + doc.heightOfString(pdfText(m), { width, lineGap: 1 }) + 2, 0);
  ensure(mentionsHeight);
  rule(y - 6);
  for (const m of mentions) {
    write(m, left, y, { width, size: 7.5, color: GREY });
    y = doc.y + 2;
  }

  // Footer on every page: the invoice number and the page, inside the bottom margin.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(`Facture ${number} – page ${i - range.start + 1}/${range.count}`, left, doc.page.height - MARGIN - 10, { width, align: 'center', size: 7.5, color: GREY });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
