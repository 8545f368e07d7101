import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBagLabels } from '../../server/pdf/bag-labels';
import type { Bag, RoundTour } from '../../server/pdf/round-types';
import { pdfTextOf } from './staff-helpers';

/**
 * A bag label's lines use the label's room before anything is cut: a full formula with its long
 * dish names and its drink at the end, an extra dish, allergens, vouchers and containers print
 * whole, the drink included, without an ellipsis (the labels once cut lines with « … » while a
 * quarter of the label stayed empty).
 */

const DRINK = 'Limonade artisanale de la Croix-Rousse';
const bag = (over: Partial<Bag> = {}): Bag => ({
  orderId: 1,
  invoiceNumber: 'F2026-000042',
  state: 'placed',
  name: 'Jules C.',
  phone: '06 12 34 56 78',
  lines: [
    {
      quantity: 1,
      name: 'Formule Complète',
      children: ['Salade lyonnaise aux lardons et œuf poché', 'Quenelle de brochet sauce Nantua et riz pilaf', 'Tarte aux pralines roses de Saint-Genis-Laval', DRINK],
    },
    { quantity: 2, name: 'Cervelle de canut et pain de campagne', children: [] },
  ],
  cutlery: 1,
  toteBags: 0,
  allergens: ['gluten', 'œufs', 'lait', 'poisson', 'fruits à coque'],
  vouchers: { totalCents: 18_50, rows: [{ count: 2, unitCents: 9_25 }] },
  containers: 2,
  ...over,
});
const tour = (bags: Bag[]): RoundTour => ({ id: 1, name: 'Rive gauche', stops: [{ rank: 3, locationId: 1, name: 'Part-Dieu – Gare (place Charles-Béraudier)', address: 'Place Charles-Béraudier, 69003 Lyon', start: '12:00:00', end: '12:30:00', bags }] });
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('a bag label’s layout', () => {
  it('prints a full formula with its drink, the extra dish, allergens, vouchers and containers, nothing cut', async () => {
    const pdf = await renderBagLabels([tour([bag()])], '2026-11-30', new Date('2026-11-30T08:00:00Z'));
    if (process.env.ROUNDS_PDF_DIR) writeFileSync(join(process.env.ROUNDS_PDF_DIR, 'label-layout.pdf'), pdf);
    const text = flat(await pdfTextOf(pdf));
    expect(text).not.toContain('…');
    expect(text).toContain(DRINK);
    expect(text).toContain('Quenelle de brochet sauce Nantua et riz pilaf');
    expect(text).toContain('2 × Cervelle de canut et pain de campagne');
    expect(text).toContain('Allergènes : gluten, œufs, lait, poisson, fruits à coque');
    expect(text).toContain('Tickets papier à récupérer : 2 × 9,25 €');
    expect(text).toContain('Contenants à récupérer : 2');
  });

  it('with more than a label can hold, says how many lines are left out rather than cut one in the middle', async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ quantity: 1, name: `Formule Complète n° ${i + 1}`, children: ['Salade lyonnaise', 'Quenelle sauce Nantua', 'Tarte aux pralines', DRINK] }));
    const text = flat(await pdfTextOf(await renderBagLabels([tour([bag({ lines: many })])], '2026-11-30', new Date('2026-11-30T08:00:00Z'))));
    expect(text).toMatch(/… et \d+ autres lignes/);
    expect(text).toContain('Formule Complète n° 1');
    expect(text).toContain('Contenants à récupérer : 2');
  });
});
