import { NOT_TO_HAND_OVER } from '#shared/api/courier-round';
import { GREY, INK, drawableText, openFrame, type PageFrame } from './page-frame';
import { lineText, longDate, windowOf } from './round-format';
import { collectTexts } from './round-sheet';
import type { Bag, RoundStop, RoundTour } from './round-types';

/**
 * The sheet of adhesive labels: A4 of 3 × 8 labels of 70 × 37 mm, edge to edge (the common
 * "24 étiquettes 70 × 37" sheets), the half millimetre left over split above and below.
 */
const MM = 72 / 25.4;
export const LABEL_SHEET = { columns: 3, rows: 8, widthMm: 70, heightMm: 37 } as const;
const LABEL_W = LABEL_SHEET.widthMm * MM;
const LABEL_H = LABEL_SHEET.heightMm * MM;
const PAD = 3.5 * MM;
const ELLIPSIS = '…';

export interface Label {
  tour: string;
  stop: Pick<RoundStop, 'rank' | 'name' | 'start' | 'end'>;
  bag: Bag;
}

/**
 * One label per bag of the tours, a tour's labels in reverse stop order (the last stop's bags
 * are loaded first, at the back of the tricycle), each tour starting a page of its own.
 */
export function labelsOf(tours: RoundTour[]): Label[][] {
  return tours.map((tour) =>
    [...tour.stops]
      .sort((a, b) => b.rank - a.rank)
      .flatMap((stop) => stop.bags.map((bag) => ({ tour: tour.name, stop, bag }))),
  );
}

interface Row {
  text: string;
  size: number;
  bold?: boolean;
  color?: string;
  /** Lines it may wrap to; cut with an ellipsis beyond. */
  maxLines: number;
}

/** The bag labels of a date as a PDF (tours: those to print, each with its stops and bags). */
export function renderBagLabels(tours: RoundTour[], date: string, generatedAt: Date): Promise<Buffer> {
  // Edge to edge: no margin, no head, no foot (each label says what it is).
  const frame = openFrame({ title: `Étiquettes des sacs – ${longDate(date)}`, date: generatedAt, margin: 0, autoFirstPage: false });
  const { doc } = frame;

  const perPage = LABEL_SHEET.columns * LABEL_SHEET.rows;
  const pages = labelsOf(tours).flatMap((labels) => {
    const out: Label[][] = [];
    for (let i = 0; i < labels.length; i += perPage) out.push(labels.slice(i, i + perPage));
    return out;
  });
  if (!pages.length) {
    doc.addPage({ size: 'A4', margin: 0 });
    frame.write(`Aucun sac à étiqueter le ${longDate(date)}.`, 50, 60, doc.page.width - 100, { size: 14, color: GREY });
  }
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 });
    const top = (doc.page.height - LABEL_SHEET.rows * LABEL_H) / 2;
    const leftEdge = (doc.page.width - LABEL_SHEET.columns * LABEL_W) / 2;
    page.forEach((label, i) => drawLabel(frame, label, leftEdge + (i % LABEL_SHEET.columns) * LABEL_W, top + Math.floor(i / LABEL_SHEET.columns) * LABEL_H));
  }
  return frame.finish();
}

type Doc = PageFrame['doc'];

/** The longest start of `text` that fits `width` on one line, with an ellipsis when cut. */
function fitOneLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= width) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/** A row's text broken into at most its lines, the last cut with an ellipsis when it overflows. */
function wrap(frame: PageFrame, row: Row, width: number): string[] {
  const doc = frame.font(row, row.text);
  const words = drawableText(row.text).split(' ');
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const next = current ? `${current} ${words[i]}` : words[i]!;
    if (doc.widthOfString(next) <= width || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = words[i]!;
    if (lines.length === row.maxLines) {
      lines[lines.length - 1] = fitOneLine(doc, `${lines.at(-1)!} ${words.slice(i).join(' ')}`, width);
      return lines;
    }
  }
  if (current) lines.push(current);
  if (lines.length > row.maxLines) lines.length = row.maxLines;
  return lines.map((l) => fitOneLine(doc, l, width));
}

const lineHeight = (size: number) => size * 1.18;

function drawLabel(frame: PageFrame, { tour, stop, bag }: Label, x: number, y: number): void {
  const { doc } = frame;
  const innerW = LABEL_W - 2 * PAD;
  const innerH = LABEL_H - 2 * PAD;
  const stopTag = `Arrêt ${stop.rank}`;
  const window = windowOf(stop);

  // Each line of the bag may wrap as far as the label has room (a formula's drink is at its end):
  // shrink everything together until it fits, then allow each line fewer lines, and only at the
  // smallest, with one line each, drop the contents' last lines.
  const build = (scale: number, contentLines: number, wrapTo: number): { rows: Row[]; dropped: number } => {
    const s = (n: number) => Math.round(n * scale * 10) / 10;
    const contents = bag.lines.map((l) => ({ text: lineText(l), size: s(7.5), maxLines: wrapTo }) satisfies Row);
    const kept = contents.slice(0, contentLines);
    const dropped = contents.length - kept.length;
    if (dropped) kept.push({ text: `… et ${dropped} autre${dropped > 1 ? 's' : ''} ligne${dropped > 1 ? 's' : ''}`, size: s(7), maxLines: 1 });
    return {
      dropped,
      rows: [
        { text: `${bag.invoiceNumber} · ${tour}`, size: s(7.5), maxLines: 1, color: GREY },
        // The slot first: a long point's name is cut, never the time.
        { text: [window, stop.name].filter(Boolean).join(' · '), size: s(7.5), maxLines: 1, color: GREY },
        // A cancelled bag says so before anything else.
        ...(NOT_TO_HAND_OVER[bag.state] ? [] : kept),
        ...(bag.allergens.length && !NOT_TO_HAND_OVER[bag.state] ? [{ text: `Allergènes : ${bag.allergens.join(', ')}`, size: s(7), bold: true, maxLines: 2 }] : []),
        ...collectTexts(bag).map((text) => ({ text, size: s(NOT_TO_HAND_OVER[bag.state] ? 11 : 8), bold: true, maxLines: 2 })),
      ],
    };
  };
  const headSize = (scale: number) => Math.round(12 * scale * 10) / 10;
  const measure = (rows: Row[], scale: number) => lineHeight(headSize(scale)) + 1 + rows.reduce((n, r) => n + wrap(frame, r, innerW).length * lineHeight(r.size), 0);

  const WRAP_MOST = 5;
  let scale = 1;
  let wrapTo = WRAP_MOST;
  let layout = build(scale, bag.lines.length, wrapTo);
  while (measure(layout.rows, scale) > innerH && scale > 0.78) {
    scale -= 0.04;
    layout = build(scale, bag.lines.length, wrapTo);
  }
  while (measure(layout.rows, scale) > innerH && wrapTo > 1) layout = build(scale, bag.lines.length, --wrapTo);
  for (let keep = bag.lines.length - 1; measure(layout.rows, scale) > innerH && keep >= 0; keep--) layout = build(scale, keep, wrapTo);

  // Nothing drawn outside the label, whatever happens.
  doc.save();
  doc.rect(x, y, LABEL_W, LABEL_H).clip();
  doc
    .roundedRect(x + 1.5 * MM, y + 1.5 * MM, LABEL_W - 3 * MM, LABEL_H - 3 * MM, 2 * MM)
    .lineWidth(0.3)
    .strokeColor('#dddddd')
    .stroke();

  let at = y + PAD;
  const head = headSize(scale);
  frame.font({ size: head, bold: true }, stopTag);
  const tagWidth = doc.widthOfString(drawableText(stopTag)) + 6;
  doc.rect(x + LABEL_W - PAD - tagWidth, at - 1, tagWidth, lineHeight(head) + 1).fill(INK);
  doc.fillColor('#ffffff').text(drawableText(stopTag), x + LABEL_W - PAD - tagWidth + 3, at + 0.5, { lineBreak: false });
  frame.font({ size: head, bold: true }, bag.name);
  doc.fillColor(INK).text(fitOneLine(doc, drawableText(bag.name), innerW - tagWidth - 4), x + PAD, at + 0.5, { lineBreak: false });
  at += lineHeight(head) + 1;

  for (const row of layout.rows) {
    const lines = wrap(frame, row, innerW);
    frame.font(row, row.text).fillColor(row.color ?? INK);
    for (const line of lines) {
      if (at + lineHeight(row.size) > y + LABEL_H - PAD + 0.5) break;
      doc.text(line, x + PAD, at, { lineBreak: false });
      at += lineHeight(row.size);
    }
  }
  doc.restore();
}
