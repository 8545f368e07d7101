import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Seller } from './seller';

/*
 * The frame every PDF of the shop is drawn in (A4, French): the document's metadata, the fonts and
 * the palette, the head (the seller's identity and the document's title, or a team sheet's title),
 * the line that heads a page after the first, and the foot of every page (what the document is,
 * and its page). The invoice, the credit note, the remittance slip, the kitchen's sheet, the round
 * sheet and the bag labels draw their own content inside it.
 */

export const INK = '#111111';
export const GREY = '#555555';
export const RULE = '#bbbbbb';

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

/** Whether the built-in Helvetica (WinAnsiEncoding) draws `ch` as it is. */
const winAnsi = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) || ch === '\n';
};
/** `ch` written with Latin-1 letters only (its accents dropped), or null when it has none. */
const latinOf = (ch: string) => {
  const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain && [...plain].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff) ? plain : null;
};

/**
 * Text the built-in Helvetica (WinAnsiEncoding) can draw: pdfkit prints garbage for anything else
 * (U+202F comes out as '/'). Accents are dropped as a last resort, then '?'.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (winAnsi(ch)) out += ch;
    else if (SUBSTITUTES[ch] !== undefined) out += SUBSTITUTES[ch];
    else if (/\s/u.test(ch)) out += ' ';
    else out += latinOf(ch) ?? '?';
  }
  return out;
}

/*
 * Names in other scripts (Иван, Γιώργος, محمد, שרה, Nguyễn) are drawn with DejaVu Sans, embedded
 * (its subset) only in a document that needs it: Cyrillic, Greek, Arabic and Hebrew (shaped, right
 * to left), Armenian, Georgian, Latin beyond Latin-1. Text Helvetica can draw keeps Helvetica, so
 * documents look as they always did. Chinese, Japanese, Korean, Thai and Indic scripts are not in
 * DejaVu (a font covering them weighs 10 MB or more): a character no font here has is written '?'.
 */
const require = createRequire(import.meta.url);
const UNICODE_FACES = { regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') };
let unicodeGlyphs: { hasGlyphForCodePoint(code: number): boolean } | null = null;
const unicodeHas = (ch: string) => (unicodeGlyphs ??= fontkit.openSync(UNICODE_FACES.regular)).hasGlyphForCodePoint(ch.codePointAt(0)!);

/** Whether `text` needs the Unicode face: a character Helvetica cannot draw, nor write in Latin-1 letters. */
export function needsUnicodeFace(text: string): boolean {
  for (const ch of text) if (!winAnsi(ch) && SUBSTITUTES[ch] === undefined && !/\s/u.test(ch) && latinOf(ch) === null) return true;
  return false;
}

/** Text the Unicode face can draw: what it has no glyph for becomes '?'. */
function unicodeText(text: string): string {
  let out = '';
  for (const ch of text) out += ch === '\n' || /\s/u.test(ch) ? (ch === '\n' ? ch : ' ') : unicodeHas(ch) ? ch : '?';
  return out;
}

/** `text` as the face chosen for it can draw it (the same choice as `font(style, text)`). */
export const drawableText = (text: string) => (needsUnicodeFace(text) ? unicodeText(text) : pdfText(text));

/** '24/11/2026' for a 'YYYY-MM-DD' date. */
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface TextStyle {
  /** Points; 9 unless said. */
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

export interface FrameOptions {
  /** The document's title in its metadata (what a reader's window shows). */
  title: string;
  /** When the document was made, or the day it states: its metadata's dates, so the same content always gives the same file. */
  date: Date;
  /** Around the page: 50 for the customer's documents, less for the team's sheets (more room for large type), 0 for a sheet of labels. */
  margin: number;
  /** What the foot of every page says before its number ('Facture F2026-000123'); no foot when left out. */
  footer?: string;
  /** Who makes the document (the seller, on a customer's document). */
  author?: string;
  /** False when the document adds its pages itself, each of its own size (the labels). */
  autoFirstPage?: boolean;
}

const FOOTER_HEIGHT = 24;
/** A4's width in points (the page is not there yet when the document adds its pages itself). */
const A4_WIDTH = 595.28;
/** Between the seller's identity and the document's title: the title's column is wider, for a remittance's number and issuer on one line. */
const SELLER_COLUMN = 215;

export type PageFrame = ReturnType<typeof openFrame>;

/** The bytes of a pdfkit document, collected as it writes them (from its making, before any drawing). */
function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A new document in the frame: draw in it, then `finish()` for its bytes. */
export function openFrame(options: FrameOptions) {
  const { margin } = options;
  const footer = options.footer;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin + (footer ? FOOTER_HEIGHT : 0) },
    autoFirstPage: options.autoFirstPage ?? true,
    bufferPages: Boolean(footer),
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(options.title),
      ...(options.author && { Author: pdfText(options.author), Creator: pdfText(options.author) }),
      CreationDate: options.date,
      ModDate: options.date,
    },
  });
  const done = pdfBytes(doc);
  const left = margin;
  const right = A4_WIDTH - margin;
  const width = right - left;
  /** What heads a page after the first, once a head is drawn. */
  let continued: string | null = null;

  doc.registerFont('Unicode', UNICODE_FACES.regular);
  doc.registerFont('Unicode-Bold', UNICODE_FACES.bold);
  /** Sets the style's font for `text` (Helvetica, or the Unicode face when the text needs it): draw `drawableText(text)` then. */
  const font = (style: TextStyle = {}, text = '') =>
    doc.font(needsUnicodeFace(text) ? (style.bold ? 'Unicode-Bold' : 'Unicode') : style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? 9);
  /** Writes `text` at (x, top) within `w` points, wrapped; answers the y below it. */
  const write = (text: string, x: number, top: number, w: number, style: TextStyle = {}): number => {
    font(style, text)
      .fillColor(style.color ?? INK)
      .text(drawableText(text), x, top, { width: w, align: style.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const heightOf = (text: string, w: number, style: TextStyle = {}) => font(style, text).heightOfString(drawableText(text) || ' ', { width: w, lineGap: 1 });
  const widthOf = (text: string, style: TextStyle = {}) => font(style, text).widthOfString(drawableText(text));
  const rule = (at: number, opts: { color?: string; lineWidth?: number } = {}) => {
    doc
      .moveTo(left, at)
      .lineTo(right, at)
      .lineWidth(opts.lineWidth ?? 0.5)
      .strokeColor(opts.color ?? RULE)
      .stroke();
  };
  /** The lowest point content may reach on this page (the foot is below). */
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  return {
    doc,
    left,
    right,
    width,
    top: margin,
    font,
    write,
    heightOf,
    widthOf,
    rule,
    bottom,
    /** Whether `needed` points still fit below `y` on this page. */
    fits: (y: number, needed: number) => y + needed <= bottom(),

    /** A new page, headed by what the document is ('(suite)'): answers where its content starts. */
    newPage(): number {
      doc.addPage();
      return continued ? write(`${continued} (suite)`, left, margin, width, { size: 11, color: GREY }) + 8 : margin;
    },

    /**
     * The head of a customer's document: the seller's identity on the left (as invoices must state
     * it), the document's title on the right with its number and facts under it. Answers the y below.
     */
    sellerHead(seller: Seller, head: { title: string; number: string; facts: string[] }): number {
      const column = width - SELLER_COLUMN - 20;
      const x = right - column;
      let sellerY = write(seller.name, left, margin, SELLER_COLUMN, { size: 14, bold: true });
      for (const text of [seller.legalForm, ...seller.addressLines, `SIREN ${seller.siren} – ${seller.rcs}`, `TVA intracommunautaire : ${seller.vatNumber}`, `${seller.email} – ${seller.phone}`]) {
        sellerY = write(text, left, sellerY + 1, SELLER_COLUMN, { color: GREY });
      }
      let titleY = write(head.title, x, margin, column, { size: 22, bold: true, align: 'right' });
      titleY = write(head.number, x, titleY + 2, column, { size: 11, bold: true, align: 'right' });
      for (const fact of head.facts) titleY = write(fact, x, titleY + 2, column, { align: 'right' });
      continued = `${head.title} ${head.number}`;
      return Math.max(sellerY, titleY) + 20;
    },

    /**
     * The head of a team's sheet, read at arm's length: what it is, in small letters, then its
     * subject in large ones, a subtitle, and what it holds. Answers the y below.
     */
    sheetHead(head: { kind: string; title: string; subtitle?: string; lines: string[] }): number {
      let y = write(head.kind, left, margin, width, { size: 12, color: GREY });
      y = write(head.title, left, y + 2, width, { size: 22, bold: true });
      if (head.subtitle) y = write(head.subtitle, left, y + 2, width, { size: 15 });
      for (const line of head.lines) y = write(line, left, y + 3, width, { size: 12 });
      continued = `${head.kind} – ${head.title}`;
      return y + 10;
    },

    /** The foot on every page (what the document is, and the page), then the document's bytes. */
    finish(): Promise<Buffer> {
      if (footer) {
        const range = doc.bufferedPageRange();
        for (let i = range.start; i < range.start + range.count; i += 1) {
          doc.switchToPage(i);
          // Written inside the bottom margin: without lifting it, pdfkit would start a new page.
          const bottomMargin = doc.page.margins.bottom;
          doc.page.margins.bottom = 0;
          write(`${footer} – page ${i - range.start + 1}/${range.count}`, left, doc.page.height - margin - 10, width, { size: 7.5, color: GREY, align: 'center' });
          doc.page.margins.bottom = bottomMargin;
        }
      }
      doc.end();
      return done;
    },
  };
}
