import { NOT_TO_HAND_OVER } from '#shared/api/courier-round';
import { formatEuros } from '#shared/money';
import { GREY, INK, openFrame } from './page-frame';
import { extrasText, lineText, longDate, vouchersText, windowOf } from './round-format';
import type { Bag, RoundTour } from './round-types';

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
  const frame = openFrame({ title: `Feuille de route – ${tour.name} – ${longDate(date)}`, date: generatedAt, margin: 40, footer: `${tour.name} – ${longDate(date)}` });
  const { doc, left, right, width, rule, write, heightOf } = frame;
  /** A new page when `needed` points do not fit, headed by the tour's name. */
  const ensure = (needed: number) => {
    if (!frame.fits(y, needed)) y = frame.newPage();
  };

  // Head: the tour, the day, what the round carries and brings back.
  const all = tour.stops.flatMap((s) => s.bags);
  const bags = all.filter((b) => !NOT_TO_HAND_OVER[b.state]);
  const cancelled = all.length - bags.length;
  const vouchersCents = bags.reduce((n, b) => n + (b.vouchers?.totalCents ?? 0), 0);
  const containers = bags.reduce((n, b) => n + b.containers, 0);
  const served = tour.stops.filter((s) => s.bags.some((b) => !NOT_TO_HAND_OVER[b.state])).length;
  const summary = [`${served} arrêt${served > 1 ? 's' : ''}`, `${bags.length} sac${bags.length > 1 ? 's' : ''}`];
  if (cancelled) summary.push(`${cancelled} annulé${cancelled > 1 ? 's' : ''} (à ne pas remettre)`);
  if (vouchersCents) summary.push(`${formatEuros(vouchersCents)} en tickets papier à récupérer`);
  if (containers) summary.push(`${containers} contenant${containers > 1 ? 's' : ''} à récupérer`);
  let y = frame.sheetHead({ kind: 'Feuille de route', title: tour.name, subtitle: longDate(date), lines: [summary.join(' · ')] });

  const BADGE = 30;
  for (const stop of tour.stops) {
    const window = windowOf(stop);
    const windowWidth = window ? frame.widthOf(window, { size: 14, bold: true }) + 4 : 0;
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
    const phoneWidth = phone ? frame.widthOf(phone, { size: 13, bold: true }) + 4 : 0;
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

  return frame.finish();
}
