import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedReference } from '../../server/db/seed-reference';
import { ROUNDS_ERRORS, staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import { MONDAY, at, refused } from './helpers';
import { addDish, addMenu, cartOf, composeFirst, testFile } from './fixtures';
import { TEAM, staffBrowser, staffLoggedIn, type StaffBrowser } from './staff-helpers';

const { app, db, dish, dishes, menuNamed, placeOrderAt } = testFile({ unlimitedStock: true });

let admin: StaffBrowser;
let cuisine: StaffBrowser;
let livreur: StaffBrowser;

/** A PDF's pages' text, every kind of space as a plain one. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages.map((p) => p.text.replace(/[^\S\n]+/g, ' '));
  } finally {
    await parser.destroy();
  }
}

/** With ROUNDS_PDF_DIR set, the PDFs are kept there to be looked at (rendered with pdftoppm). */
function keep(name: string, pdf: Buffer) {
  if (process.env.ROUNDS_PDF_DIR) writeFileSync(join(process.env.ROUNDS_PDF_DIR, name), pdf);
}

async function tours(browser: StaffBrowser = admin): Promise<StaffTour[]> {
  const res = await browser.request('GET', '/api/staff/tours');
  expect(res.statusCode, res.body).toBe(200);
  return staffToursSchema.parse(res.json()).tours;
}

type Placed = Awaited<ReturnType<typeof placeOrderAt>>;

let rg: StaffTour;
let pi: StaffTour;
const placed: Record<'amelie' | 'bruno' | 'chloe' | 'david' | 'emma', Placed> = {} as never;

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  cuisine = await staffLoggedIn(app.app, TEAM.cuisine);
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  const all = await tours();
  rg = all.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  pi = all.find((x) => x.stops.some((s) => s.name.startsWith('Bellecour')) && x.stops.some((s) => s.name.startsWith('Confluence')) && x.stops.length === 3)!;
  const point = (tour: StaffTour, start: string) => tour.stops.find((s) => s.name.startsWith(start))!.name;
  const main = dishes.find((d) => d.category === 'main')!;
  const formula = composeFirst(menuNamed('Formule Complète'));

  // Rive gauche: a formula twice with two containers brought back; a dish three times paid partly
  // by paper vouchers; an order cancelled. Presqu'île: a formula and a dish; a dish alone.
  placed.amelie = await placeOrderAt({ firstname: 'Amélie', lastname: 'Durand', phone: '0611111111', deposits: 4 }, rg.name, point(rg, 'Gerland'), async (v) => {
    const line = cartOf(await addMenu(v, formula)).products[0]!;
    cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
    cartOf(await v.request('POST', '/api/cart/deposits'));
    cartOf(await v.request('POST', '/api/cart/deposits'));
  });
  placed.bruno = await placeOrderAt(
    { firstname: 'Bruno', lastname: 'Martin', phone: '0622222222' },
    rg.name,
    point(rg, 'Part-Dieu'),
    async (v) => {
      for (let i = 0; i < 3; i++) cartOf(await addDish(v, main.id));
    },
    { quantity: 2, amount: 9.25 },
  );
  placed.chloe = await placeOrderAt({ firstname: 'Chloé', lastname: 'Petit', phone: '0633333333' }, rg.name, point(rg, 'Villeurbanne'), async (v) => void cartOf(await addDish(v, main.id)));
  placed.david = await placeOrderAt({ firstname: 'David', lastname: 'Leroy', phone: '0644444444' }, pi.name, point(pi, 'Bellecour'), async (v) => {
    cartOf(await addMenu(v, formula));
    cartOf(await addDish(v, main.id));
  });
  placed.emma = await placeOrderAt({ firstname: 'Emma', lastname: 'Roux', phone: '0655555555' }, pi.name, point(pi, 'Croix-Rousse'), async (v) => void cartOf(await addDish(v, dish(main.slug).id)));
  const cancelled = await admin.request('POST', `/api/staff/orders/${placed.chloe.orderId}/cancel`, { reason: 'Doublon' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
});

describe('the order of a tour’s stops', () => {
  it('comes from the points’ positions in the seed, then is the admin’s, audited', async () => {
    expect(rg.stops.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(rg.stops.map((s) => s.name.split(' ')[0])).toEqual(['Part-Dieu', 'Gerland', 'Villeurbanne', 'Monplaisir']);

    const reordered = [rg.stops[2]!, rg.stops[1]!, rg.stops[0]!, rg.stops[3]!].map((s) => s.location_id);
    const res = await admin.request('PUT', `/api/staff/tours/${rg.id}/stops`, { location_ids: reordered });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StaffTour).stops.map((s) => s.location_id)).toEqual(reordered);
    rg = (await tours(livreur)).find((x) => x.id === rg.id)!;
    expect(rg.stops.map((s) => s.name.split(' ')[0])).toEqual(['Villeurbanne', 'Gerland', 'Part-Dieu', 'Monplaisir']);

    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; staff: string; details: { to: number[] } }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'tour.stops', staff: TEAM.admin, details: expect.objectContaining({ tour: rg.name, to: reordered }) }));

    // Seeding again keeps the admin's order.
    await seedReference(db(), at(MONDAY, '09:00:00'));
    expect((await tours()).find((x) => x.id === rg.id)!.stops.map((s) => s.location_id)).toEqual(reordered);
  });

  it('must be exactly the tour’s points, once each', async () => {
    const ids = rg.stops.map((s) => s.location_id);
    const other = pi.stops[0]!.location_id;
    for (const wrong of [ids.slice(1), [...ids, other], [...ids.slice(1), other], [ids[0]!, ...ids.slice(0, -1)]]) {
      const body = refused(await admin.request('PUT', `/api/staff/tours/${rg.id}/stops`, { location_ids: wrong }), 422, ROUNDS_ERRORS.stopsMismatch);
      expect(body.message).toBe('L’ordre doit reprendre chaque point de la tournée, une fois chacun.');
    }
    refused(await admin.request('PUT', `/api/staff/tours/${rg.id}/stops`, { location_ids: [] }), 422);
    refused(await admin.request('PUT', '/api/staff/tours/999999/stops', { location_ids: ids }), 404);
    expect((await tours()).find((x) => x.id === rg.id)!.stops.map((s) => s.location_id)).toEqual(ids);
  });

  it('is read by admins and couriers, set by admins only', async () => {
    refused(await staffBrowser(app.app).request('GET', '/api/staff/tours'), 401);
    refused(await cuisine.request('GET', '/api/staff/tours'), 403);
    const ids = rg.stops.map((s) => s.location_id);
    refused(await livreur.request('PUT', `/api/staff/tours/${rg.id}/stops`, { location_ids: ids }), 403);
    refused(await cuisine.request('PUT', `/api/staff/tours/${rg.id}/stops`, { location_ids: ids }), 403);
    refused(await staffBrowser(app.app).request('GET', `/api/staff/rounds/${rg.id}/sheet.pdf?date=${MONDAY}`), 401);
    refused(await cuisine.request('GET', `/api/staff/rounds/${rg.id}/sheet.pdf?date=${MONDAY}`), 403);
    refused(await livreur.request('GET', `/api/staff/labels.pdf?date=${MONDAY}`), 403);
  });
});

describe('GET /api/staff/rounds/{id}/sheet.pdf', () => {
  it('lists the stops in the round’s order with their bags, what to collect, and a cancelled bag not to hand over', async () => {
    const res = await livreur.request('GET', `/api/staff/rounds/${rg.id}/sheet.pdf?date=${MONDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('round-sheet.pdf', res.rawPayload);
    const text = (await pagesOf(res.rawPayload)).join('\n');
    expect(text).toContain('Feuille de route');
    expect(text).toContain(rg.name);
    expect(text).toContain('lundi 23 novembre 2026');
    // Stops in the set order; Villeurbanne has only the cancelled order: it stays, not to hand over.
    const at = (s: string) => text.indexOf(s);
    const names = rg.stops.map((s) => s.name);
    expect(names.map(at).every((i) => i >= 0)).toBe(true);
    expect([...names.map(at)]).toEqual([...names.map(at)].sort((a, b) => a - b));
    const chloe = text.slice(at(placed.chloe.invoice)).split('\n').slice(0, 3).join(' ');
    expect(chloe).toContain('Annulée — ne pas remettre');
    expect(chloe).not.toContain('Tickets papier');
    // Each bag under its stop, with its phone and what to bring back.
    expect(at(names[1]!)).toBeLessThan(at(placed.amelie.invoice));
    expect(at(placed.amelie.invoice)).toBeLessThan(at(names[2]!));
    expect(at(names[2]!)).toBeLessThan(at(placed.bruno.invoice));
    expect(text).toContain('Amélie D.');
    expect(text).toContain('06 11 11 11 11');
    expect(text).toContain('2 × Formule Complète');
    expect(text).toContain('Contenants à récupérer : 2');
    expect(text).toContain('Tickets papier à récupérer : 2 × 9,25 €');
    expect(text).toMatch(/3 × .+/);
    expect(text.replace(/\n/g, ' ')).toContain('2 arrêts · 2 sacs · 1 annulé (à ne pas remettre) · 18,50 € en tickets papier à récupérer · 2 contenants à récupérer');
    expect(text).not.toContain(placed.david.invoice);

    refused(await admin.request('GET', `/api/staff/rounds/999999/sheet.pdf?date=${MONDAY}`), 404);
    refused(await admin.request('GET', `/api/staff/rounds/${rg.id}/sheet.pdf`), 422);
  });
});

describe('GET /api/staff/labels.pdf', () => {
  it('prints one label per order, the last stop first, a page per tour; a cancelled one says not to hand it over', async () => {
    const res = await cuisine.request('GET', `/api/staff/labels.pdf?date=${MONDAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('labels.pdf', res.rawPayload);
    const pages = await pagesOf(res.rawPayload);
    // The file's two tours, and the demo customer's coming order on its own tour's page.
    expect(pages).toHaveLength(3);
    const [first, second] = [pages.find((p) => p.includes(rg.name))!, pages.find((p) => p.includes(pi.name))!];
    expect(first).not.toBe(second);
    // Rive gauche, in reverse stop order: Part-Dieu (stop 3) before Gerland (stop 2); no Villeurbanne.
    expect(first.indexOf(placed.bruno.invoice)).toBeGreaterThanOrEqual(0);
    expect(first.indexOf(placed.bruno.invoice)).toBeLessThan(first.indexOf(placed.amelie.invoice));
    expect(first.slice(first.indexOf(placed.chloe.invoice)).split('\n').slice(0, 3).join(' ')).toContain('Annulée — ne pas remettre');
    expect(first).toContain('Arrêt 3');
    expect(first).toContain('Arrêt 2');
    expect(first).toContain('Tickets papier à récupérer : 2 × 9,25 €');
    expect(first).toContain('Contenants à récupérer : 2');
    expect(first).toContain('Allergènes :');
    const croix = pi.stops.find((s) => s.name.startsWith('Croix-Rousse'))!.rank;
    const bellecour = pi.stops.find((s) => s.name.startsWith('Bellecour'))!.rank;
    expect(croix).toBeGreaterThan(bellecour);
    expect(second.indexOf(placed.emma.invoice)).toBeGreaterThanOrEqual(0);
    expect(second.indexOf(placed.emma.invoice)).toBeLessThan(second.indexOf(placed.david.invoice));
    expect(pages.join('\n').match(/F\d{4}-\d{6}/g)).toHaveLength(6);

    // One tour alone.
    const one = await admin.request('GET', `/api/staff/labels.pdf?date=${MONDAY}&tour=${pi.id}`);
    expect(one.statusCode).toBe(200);
    const onePages = await pagesOf(one.rawPayload);
    expect(onePages).toHaveLength(1);
    expect(onePages[0]).not.toContain(placed.amelie.invoice);
    refused(await admin.request('GET', `/api/staff/labels.pdf?date=${MONDAY}&tour=999999`), 404);
  });
});
