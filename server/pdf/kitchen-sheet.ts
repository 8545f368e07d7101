import type { KitchenSheet } from '#shared/api/staff';
import { sheetStatus } from '#shared/kitchen-sheet';
import { frenchTime } from '#shared/time';
import { GREY, INK, openFrame } from './page-frame';
import { longDate } from './round-format';

/**
 * The production sheet on paper (A4, portrait): a row per dish with its allergens, a column per
 * tour and the total in large figures, then the containers, cutlery and tote bags. Readable at arm's
 * length; a long day goes on to a second page with its columns' header again.
 */
export function renderKitchenSheet(sheet: KitchenSheet): Promise<Buffer> {
  const frame = openFrame({ title: `Fiche de production du ${sheet.date}`, date: new Date(sheet.generated_at), author: 'Popote', margin: 34, footer: `Fiche de production – ${longDate(sheet.date)}` });
  const { left, right, write, heightOf } = frame;
  // Columns: the dish (with its allergens under it), one per tour, the total.
  const tourWidth = sheet.tours.length > 0 ? Math.min(70, 260 / sheet.tours.length) : 0;
  const totalWidth = 64;
  const dishWidth = right - left - tourWidth * sheet.tours.length - totalWidth;
  const status = `Fiche ${sheetStatus(sheet)} · ${sheet.orders} commande${sheet.orders > 1 ? 's' : ''}${sheet.cut_off ? ` · commandes closes à ${frenchTime(sheet.cut_off)}` : ''}`;
  let y = frame.sheetHead({ kind: 'Fiche de production', title: longDate(sheet.date), lines: [status] });

  const columns = () => {
    const top = y;
    write('Plat', left, top, dishWidth - 8, { size: 11, bold: true });
    sheet.tours.forEach((tour, i) => write(tour, left + dishWidth + i * tourWidth, top, tourWidth - 4, { size: 8, bold: true, align: 'right', color: GREY }));
    write('Total', right - totalWidth, top, totalWidth, { size: 11, bold: true, align: 'right' });
    y = top + Math.max(heightOf('Plat', dishWidth, { size: 11, bold: true }), ...sheet.tours.map((t) => heightOf(t, tourWidth - 4, { size: 8, bold: true }))) + 4;
    frame.rule(y, { color: INK, lineWidth: 1 });
    y += 4;
  };
  columns();

  for (const dish of sheet.dishes) {
    const allergens = dish.allergens.length ? `Allergènes : ${dish.allergens.join(', ')}` : 'Sans allergène déclaré';
    const needed = Math.max(heightOf(dish.name, dishWidth - 8, { size: 13, bold: true }) + heightOf(allergens, dishWidth - 8), 24) + 8;
    if (!frame.fits(y, needed)) {
      y = frame.newPage();
      columns();
    }
    const top = y;
    let below = write(dish.name, left, top, dishWidth - 8, { size: 13, bold: true });
    below = write(allergens, left, below, dishWidth - 8, { color: GREY });
    sheet.tours.forEach((tour, i) => write(String(dish.by_tour[tour] ?? 0), left + dishWidth + i * tourWidth, top + 2, tourWidth - 4, { size: 13, align: 'right' }));
    write(String(dish.total), right - totalWidth, top - 1, totalWidth, { size: 20, bold: true, align: 'right' });
    y = Math.max(below, top + 24) + 4;
    frame.rule(y);
    y += 4;
  }
  if (sheet.dishes.length === 0) y = write('Aucune commande à préparer pour ce jour.', left, y + 6, right - left, { size: 13 }) + 6;

  const extras: [string, number][] = [
    ['Contenants consignés à remplir (un par formule)', sheet.containers],
    ['Couverts', sheet.cutlery],
    ['Sacs', sheet.tote_bags],
  ];
  if (!frame.fits(y, extras.length * 26 + 10)) y = frame.newPage();
  y += 8;
  for (const [label, value] of extras) {
    write(label, left, y + 3, right - left - totalWidth, { size: 13 });
    write(String(value), right - totalWidth, y, totalWidth, { size: 20, bold: true, align: 'right' });
    y += 26;
  }
  return frame.finish();
}
