import { formatEuros } from '#shared/money';
import { formatRate } from '#shared/vat-rate';
import { parisDate, slotTime } from '#shared/time';
import type { customers, orderProducts, orders } from '../db/schema';
import { depositLines, invoiceTotals } from './invoice-totals';
import { paymentMeansLines } from './payment-means';
import { ddmmyyyy, GREY, INK, openFrame, pdfText } from './page-frame';
import type { Seller } from './seller';

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

const euros = (cents: number) => pdfText(formatEuros(cents));

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
  // The document's dates are the invoice's, so the same invoice always gives the same file.
  const frame = openFrame({ title: `Facture ${number}`, date: order.createdAt, author: seller.name, margin: 50, footer: `Facture ${number}` });
  const { left, right, width, write, rule } = frame;
  let y = frame.sellerHead(seller, { title: 'Facture', number: `N° ${number}`, facts: [`Date d’émission : ${issued}`] });
  const half = width / 2 - 10;

  const heightOf = (cells: Cell[], size: number, bold: boolean) => Math.max(...cells.map((c) => frame.heightOf(c.text, c.width, { size, bold })));
  /** Starts a new page when `needed` points do not fit; returns true if it did. */
  const ensure = (needed: number) => {
    if (frame.fits(y, needed)) return false;
    y = frame.newPage();
    return true;
  };
  const row = (cells: Cell[], opts: { size?: number; bold?: boolean; color?: string; onNewPage?: () => void } = {}) => {
    const size = opts.size ?? 9;
    const h = heightOf(cells, size, opts.bold ?? false);
    if (ensure(h + 4)) opts.onNewPage?.();
    for (const c of cells) write(c.text, c.x, y, c.width, { align: c.align, size, bold: opts.bold, color: opts.color });
    y += h + 4;
  };

  // Customer and delivery.
  const blockTop = y;
  let customerY = write('Client', left, y, half, { bold: true, size: 10 });
  const customerLines = [`${customer.firstname} ${customer.lastname}`.trim(), customer.companyName ?? '', customer.email].filter(Boolean);
  for (const text of customerLines) customerY = write(text, left, customerY + 1, half);
  let deliveryY = write('Livraison', right - half, blockTop, half, { bold: true, size: 10 });
  const windowText = order.deliveryStart && order.deliveryEnd ? `, ${slotTime(order.deliveryStart, order.deliveryEnd, order.deliveryPrivate)}` : '';
  const deliveryLines = [order.deliveryDate ? `Le ${ddmmyyyy(order.deliveryDate)}${windowText}` : '', order.deliveryName ? `Point de livraison : ${order.deliveryName}` : ''].filter(Boolean);
  for (const text of deliveryLines.length ? deliveryLines : ['—']) deliveryY = write(text, right - half, deliveryY + 1, half);
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
    rule(y - 2, { color: INK });
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
  rule(y - 2, { color: INK });
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
    'Pour les clients professionnels, tout retard de paiement entraîne en outre une indemnité forfaitaire pour frais de recouvrement de 40\u00a0€ (art. L441-10 et D441-5 du Code de commerce).',
    'La consigne des contenants n’est pas le prix d’une prestation : elle est hors du champ de la TVA et recréditée à leur restitution (article 5 des CGV).',
    `${seller.name}, ${seller.legalForm.charAt(0).toLowerCase()}${seller.legalForm.slice(1)}, ${seller.addressLines.join(', ')} – SIREN ${seller.siren} – ${seller.rcs} – TVA ${seller.vatNumber}.`,
  ];
  const mentionsHeight = mentions.reduce((h, m) => h + frame.heightOf(m, width, { size: 7.5 }) + 2, 0);
  ensure(mentionsHeight);
  rule(y - 6);
  for (const m of mentions) y = write(m, left, y, width, { size: 7.5, color: GREY }) + 2;
  return frame.finish();
}
