import PDFDocument from 'pdfkit';
import { NOT_TO_HAND_OVER } from '#shared/api/courier-round';
import { formatEuros } from '#shared/money';
import { pdfText } from './invoice';
import { extrasText, lineText, longDate, vouchersText, windowOf } from './round-format';
import type { Bag, RoundTour } from './round-types';
import { pdfBytes } from './pdf-bytes';

const MARGIN = 40;
const FOOTER_HEIGHT = 22;
const INK = '#111111';
const GREY = '#555555';
const RULE = '#bbbbbb';
const NBSP = '\u00a0';

/** '06 12 34 56 78' from ten digits; any other number as it was typed. */
export function phoneText(phone: string | null): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? (digits.match(/\d\d/g) ?? []).join(NBSP) : phone;
}

/** What a bag asks the courier to bring back, one phrase each; a cancelled bag, not to hand it over. */
export function collectTexts(bag: Pick<Bag, 'vouchers' | 'containers' | 'state'>): string[] {
  const gone = NOT_TO_HAND_OVER[bag.state];
  if (gone) return [gone];
  const out: string[] = [];
  if (bag.vouchers) out.push(`Tickets papier à récupérer : ${vouchersText(bag.vouchers)}`);
  if (bag.containers > 0) out.push(`Contenants à récupérer : ${bag.containers}`);
  return out;
}

/**
 * A tour's round sheet for a date (A4, French): the courier's fallback when the phone dies. The
 * stops in the round's order with their window, each bag with the customer's name and phone, what
 * it holds, and the paper vouchers and containers to bring back. Large type, text wrapped, never cut.
 */
export function renderRoundSheet(tour: RoundTour, date: string, generatedAt: Date): Promise<Buffer> {
  const title = `Feuille de route – ${tour.name} – ${longDate(date)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: pdfText(title), CreationDate: generatedAt, ModDate: generatedAt },
  });
  const done = pdfBytes(doc);

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = MARGIN;

  type Style = { size: number; bold?: boolean; color?: string; align?: 'left' | 'right' | 'center' };
  const font = (s: Style) => doc.font(s.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(s.size);
  const heightOf = (text: string, w: number, s: Style) => font(s).heightOfString(pdfText(text) || ' ', { width: w, lineGap: 1 });
  const write = (text: string, x: number, top: number, w: number, s: Style) => {
    font(s)
      .fillColor(s.color ?? INK)
      .text(pdfText(text), x, top, { width: w, align: s.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const rule = (at: number) => doc.moveTo(left, at).lineTo(right, at).lineWidth(0.5).strokeColor(RULE).stroke();
  /** A new page when `needed` points do not fit, headed by the tour's name. */
  const ensure = (needed: number) => {
    if (y + needed <= bottom()) return;
    doc.addPage();
    y = MARGIN;
    y = write(`${tour.name} – ${longDate(date)} (suite)`, left, y, width, { size: 11, color: GREY }) + 8;
  };

  // Head: the tour, the day, what the round carries and brings back.
  const all = tour.stops.flatMap((s) => s.bags);
  const bags = all.filter((b) => !NOT_TO_HAND_OVER[b.state]);
  const cancelled = all.length - bags.length;
  const vouchersCents = bags.reduce((n, b) => n + (b.vouchers?.totalCents ?? 0), 0);
  const containers = bags.reduce((n, b) => n + b.containers, 0);
  const served = tour.stops.filter((s) => s.bags.some((b) => !NOT_TO_HAND_OVER[b.state])).length;
  y = write('Feuille de route', left, y, width, { size: 12, color: GREY });
  y = write(tour.name, left, y + 2, width, { size: 24, bold: true });
  y = write(longDate(date), left, y + 2, width, { size: 15 });
  const summary = [`${served} arrêt${served > 1 ? 's' : ''}`, `${bags.length} sac${bags.length > 1 ? 's' : ''}`];
  if (cancelled) summary.push(`${cancelled} annulé${cancelled > 1 ? 's' : ''} (à ne pas remettre)`);
  if (vouchersCents) summary.push(`${formatEuros(vouchersCents)} en tickets papier à récupérer`);
  if (containers) summary.push(`${containers} contenant${containers > 1 ? 's' : ''} à récupérer`);
  y = write(summary.join(' · '), left, y + 4, width, { size: 12 }) + 10;

  const BADGE = 30;
  for (const stop of tour.stops) {
    const window = windowOf(stop);
    const windowWidth = window ? font({ size: 14, bold: true }).widthOfString(pdfText(window)) + 4 : 0;
    const nameWidth = width - BADGE - 10 - windowWidth - 8;
    const headHeight = Math.max(BADGE, heightOf(stop.name, nameWidth, { size: 15, bold: true }) + heightOf(stop.address, nameWidth, { size: 10.5 }) + 2);
    const firstBag = stop.bags[0];
    ensure(headHeight + 14 + (firstBag ? bagHeight(firstBag) : 20));

    rule(y);
    y += 8;
    doc.rect(left, y, BADGE, BADGE).fill(INK);
    write(String(stop.rank), left, y + 8, BADGE, { size: 16, bold: true, color: '#ffffff', align: 'center' });
    const nameBottom = write(stop.name, left + BADGE + 10, y, nameWidth, { size: 15, bold: true });
    if (window) write(window, right - windowWidth, y + 1, windowWidth, { size: 14, bold: true, align: 'right' });
    const addressBottom = write(stop.address, left + BADGE + 10, nameBottom + 1, nameWidth, { size: 10.5, color: GREY });
    y = Math.max(y + BADGE, addressBottom) + 6;

    if (!stop.bags.length) {
      y = write('Aucun sac pour ce point aujourd’hui.', left + BADGE + 10, y, width - BADGE - 10, { size: 11, color: GREY }) + 8;
      continue;
    }
    for (const bag of stop.bags) {
      ensure(bagHeight(bag));
      y = drawBag(bag, y) + 6;
    }
    y += 4;
  }

  function bagParts(bag: Bag) {
    const x = left + 30 + 10;
    const w = right - x;
    const phone = phoneText(bag.phone);
    const phoneWidth = phone ? font({ size: 13, bold: true }).widthOfString(pdfText(phone)) + 4 : 0;
    const contents = [...bag.lines.map(lineText), extrasText(bag)].filter(Boolean).join(' ; ');
    return { x, w, phone, phoneWidth, head: `${bag.name}  ·  ${bag.invoiceNumber}`, contents, collect: collectTexts(bag) };
  }
  function bagHeight(bag: Bag): number {
    const p = bagParts(bag);
    return (
      heightOf(p.head, p.w - p.phoneWidth - 8, { size: 13, bold: true }) +
      2 +
      heightOf(p.contents, p.w, { size: 10.5 }) +
      p.collect.reduce((n, c) => n + 2 + heightOf(c, p.w, { size: 12, bold: true }), 0)
    );
  }
  function drawBag(bag: Bag, top: number): number {
    const p = bagParts(bag);
    // A box to tick when the bag is handed over.
    doc
      .rect(left + 30 + 10 - 18, top + 1, 11, 11)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    let at = write(p.head, p.x, top, p.w - p.phoneWidth - 8, { size: 13, bold: true });
    if (p.phone) write(p.phone, right - p.phoneWidth, top, p.phoneWidth, { size: 13, bold: true, align: 'right' });
    at = write(p.contents, p.x, at + 2, p.w, { size: 10.5, color: GREY });
    for (const c of p.collect) at = write(c, p.x, at + 2, p.w, { size: 12, bold: true });
    return at;
  }

  // Footer on every page: the tour, the day and the page, inside the bottom margin.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(`${tour.name} – ${longDate(date)} – page ${i - range.start + 1}/${range.count}`, left, doc.page.height - MARGIN - 10, width, { size: 8, color: GREY });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
