import PDFDocument from 'pdfkit';
import type { KitchenSheet } from '#shared/api/staff';
import { sheetStatus } from '#shared/kitchen-sheet';
import { frenchTime } from '#shared/time';
import { pdfText } from './invoice';
import { pdfBytes } from './pdf-bytes';
import { longDate } from './round-format';

const MARGIN = 34;
const INK = '#1f1a16';
const MUTED = '#5b4d42';
const RULE = '#b9ab9c';

/**
 * The production sheet on paper (A4, portrait): a row per dish with its allergens, a column per
 * tour and the total in large figures, then the containers, cutlery and tote bags. Readable at arm's
 * length; a long day goes on to a second page with its header again.
 */
export function renderKitchenSheet(sheet: KitchenSheet): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: pdfText(`Fiche de production du ${sheet.date}`), Creator: 'Popote' } });
  const done = pdfBytes(doc);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const bottom = doc.page.height - MARGIN;
  // Columns: the dish (with its allergens under it), one per tour, the total.
  const tourWidth = sheet.tours.length > 0 ? Math.min(70, 260 / sheet.tours.length) : 0;
  const totalWidth = 64;
  const dishWidth = right - left - tourWidth * sheet.tours.length - totalWidth;
  let y = MARGIN;

  const text = (value: string, x: number, top: number, width: number, size: number, opts: { bold?: boolean; color?: string; align?: 'left' | 'right' | 'center' } = {}) => {
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).fillColor(opts.color ?? INK).text(pdfText(value), x, top, { width, align: opts.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const heightOf = (value: string, width: number, size: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    return doc.heightOfString(pdfText(value) || ' ', { width, lineGap: 1 });
  };
  const header = () => {
    y = text(`Fiche de production — ${longDate(sheet.date)}`, left, y, right - left, 18, { bold: true }) + 2;
    y = text(`Fiche ${sheetStatus(sheet)} · ${sheet.orders} commande${sheet.orders > 1 ? 's' : ''}${sheet.cut_off ? ` · commandes closes à ${frenchTime(sheet.cut_off)}` : ''}`, left, y, right - left, 11, { color: MUTED }) + 10;
    const top = y;
    text('Plat', left, top, dishWidth - 8, 11, { bold: true });
    sheet.tours.forEach((tour, i) => text(tour, left + dishWidth + i * tourWidth, top, tourWidth - 4, 8, { bold: true, align: 'right', color: MUTED }));
    text('Total', right - totalWidth, top, totalWidth, 11, { bold: true, align: 'right' });
    y = top + Math.max(heightOf('Plat', dishWidth, 11, true), ...sheet.tours.map((t) => heightOf(t, tourWidth - 4, 8, true))) + 4;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
    y += 4;
  };
  header();

  for (const dish of sheet.dishes) {
    const allergens = dish.allergens.length ? `Allergènes : ${dish.allergens.join(', ')}` : 'Sans allergène déclaré';
    const needed = Math.max(heightOf(dish.name, dishWidth - 8, 13, true) + heightOf(allergens, dishWidth - 8, 9), 24) + 8;
    if (y + needed > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    const top = y;
    let below = text(dish.name, left, top, dishWidth - 8, 13, { bold: true });
    below = text(allergens, left, below, dishWidth - 8, 9, { color: MUTED });
    sheet.tours.forEach((tour, i) => text(String(dish.by_tour[tour] ?? 0), left + dishWidth + i * tourWidth, top + 2, tourWidth - 4, 13, { align: 'right' }));
    text(String(dish.total), right - totalWidth, top - 1, totalWidth, 20, { bold: true, align: 'right' });
    y = Math.max(below, top + 24) + 4;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 4;
  }
  if (sheet.dishes.length === 0) y = text('Aucune commande à préparer pour ce jour.', left, y + 6, right - left, 13) + 6;

  const extras: [string, number][] = [
    ['Contenants consignés à remplir (un par formule)', sheet.containers],
    ['Couverts', sheet.cutlery],
    ['Sacs', sheet.tote_bags],
  ];
  if (y + extras.length * 26 + 10 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  for (const [label, value] of extras) {
    text(label, left, y + 3, right - left - totalWidth, 13);
    text(String(value), right - totalWidth, y, totalWidth, 20, { bold: true, align: 'right' });
    y += 26;
  }
  doc.end();
  return done;
}
