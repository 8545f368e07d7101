import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderBagLabels } from '../../server/pdf/bag-labels';
import { drawableText, needsUnicodeFace } from '../../server/pdf/page-frame';
import { renderRoundSheet } from '../../server/pdf/round-sheet';
import type { Bag, RoundTour } from '../../server/pdf/round-types';

/*
 * Customers' names in other scripts on the labels and the round sheet: drawn with the embedded
 * Unicode face (DejaVu Sans), not as '?'; documents in Latin-1 keep Helvetica and embed nothing.
 */

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/[^\S\n]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const bag = (orderId: number, name: string): Bag => ({
  orderId,
  invoiceNumber: `F2026-00001${orderId}`,
  state: 'placed',
  name,
  phone: '0612345678',
  lines: [{ quantity: 1, name: 'Formule Complète', children: ['Salade lyonnaise', 'Tarte tatin'] }],
  cutlery: 1,
  toteBags: 0,
  allergens: [],
  vouchers: null,
  containers: 0,
});

const tourOf = (...names: string[]): RoundTour => ({
  id: 1,
  name: 'Rive gauche',
  stops: [{ rank: 1, locationId: 1, name: 'Bellecour – Statue', address: 'Place Bellecour', start: '11:30:00', end: '12:00:00', bags: names.map((n, i) => bag(i + 1, n)) }],
});

const AT = new Date('2026-11-30T08:00:00Z');
const NAMES = ['Иван П.', 'Γιώργος Π.', 'Nguyễn V.', 'Zoë Ø.'];

describe('names in other scripts', () => {
  it('chooses the Unicode face only for what Helvetica cannot draw', () => {
    expect(needsUnicodeFace('Zoë Ørsted – 25 €')).toBe(false);
    expect(needsUnicodeFace('Иван')).toBe(true);
    expect(needsUnicodeFace('Nguyễn')).toBe(false); // written Nguyen in Latin-1 letters
    expect(drawableText('Иван')).toBe('Иван');
    // No font here draws Chinese: a '?' each, never tofu.
    expect(drawableText('王小明 W.')).toBe('??? W.');
  });

  it('the labels and the round sheet print them as written', async () => {
    for (const pdf of [await renderBagLabels([tourOf(...NAMES)], '2026-11-30', AT), await renderRoundSheet(tourOf(...NAMES), '2026-11-30', AT)]) {
      const text = await textOf(pdf);
      for (const name of ['Иван П.', 'Γιώργος Π.', 'Zoë Ø.']) expect(text).toContain(name);
      expect(text).not.toContain('????');
      expect(pdf.includes('DejaVuSans')).toBe(true);
    }
  });

  it('a sheet in Latin-1 only embeds no font', async () => {
    const pdf = await renderRoundSheet(tourOf('Jules C.', 'Zoë Ø.'), '2026-11-30', AT);
    expect(pdf.includes('DejaVuSans')).toBe(false);
    expect(await textOf(pdf)).toContain('Jules C.');
  });
});
