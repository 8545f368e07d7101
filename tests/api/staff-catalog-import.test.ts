import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY, createTestApp, refused, visitor, type TestApp } from './helpers';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/** The team's catalog import (POST /api/staff/catalog-import): preview, apply, refusals, roles. */

let t: TestApp;
let cook: StaffBrowser;
beforeAll(async () => {
  t = await createTestApp();
  cook = await staffLoggedIn(t.app, TEAM.cuisine);
});
afterAll(() => t.close());

const dish = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  name: `Plat ${slug}`,
  short_description: 'Un plat du jour.',
  description: 'Un plat chargé depuis Popote Équipe.',
  ingredients: ['amour'],
  allergens: [],
  category: 'main',
  price_cents: 1290,
  vat_rate: 10,
  ...extra,
});

/** The page's request: the file in `catalog`, each photo a `photos` part with its file name. */
async function send(browser: StaffBrowser, catalog: unknown, photos: Record<string, Buffer> = {}, preview = false) {
  const form = new FormData();
  form.set('catalog', typeof catalog === 'string' ? catalog : JSON.stringify(catalog));
  for (const [name, bytes] of Object.entries(photos)) form.append('photos', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return browser.request('POST', `/api/staff/catalog-import${preview ? '?preview=1' : ''}`, Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type')! });
}

const today = async () => (await t.app.inject(`/__sandbox/catalog-availability?date=${MONDAY}`)).json() as { slug: string; stock: number | null }[];
const onSale = async () => ((await t.app.inject('/api/products')).json() as { slug: string }[]).map((p) => p.slug);

describe('POST /api/staff/catalog-import', () => {
  it('previews what a file would change, changing nothing; then applies it, photo included, and the audit says who', async () => {
    const keep = await today();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c86' } }).jpeg().toBuffer();
    const file = { dates: [MONDAY], products: [dish('gratin-equipe', { photo: 'photos/gratin-equipe.jpg' })], availability: [...keep.slice(1), { slug: 'gratin-equipe', stock: 12 }] };

    const preview = await send(cook, file, { 'gratin-equipe.jpg': jpeg }, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ applied: false, created: ['gratin-equipe'], days: [{ date: MONDAY, dishes: keep.length, removed: [keep[0]!.slug] }] });
    expect(await onSale()).not.toContain('gratin-equipe');
    expect((await today()).map((a) => a.slug)).toContain(keep[0]!.slug);

    const applied = await send(cook, file, { 'gratin-equipe.jpg': jpeg });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, created: ['gratin-equipe'] });
    expect(await onSale()).toContain('gratin-equipe');
    expect((await today()).map((a) => a.slug)).not.toContain(keep[0]!.slug);
    const products = (await t.app.inject('/api/products')).json() as { slug: string; cover: unknown }[];
    expect(products.find((p) => p.slug === 'gratin-equipe')!.cover).not.toBeNull();

    const admin = await staffLoggedIn(t.app);
    const entries = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; staff: string; details: { created?: string[] } }[];
    expect(entries.filter((e) => e.action === 'catalog.import')).toEqual([expect.objectContaining({ staff: TEAM.cuisine, details: expect.objectContaining({ created: ['gratin-equipe'] }) })]);
    // The day as it was, for the other tests.
    expect((await send(cook, { dates: [MONDAY], availability: keep })).statusCode).toBe(200);
  });

  it('refuses a broken file, a missing photo or a day it would empty of reserved portions, with the import’s own words', async () => {
    const broken = await send(cook, '{ "dates": [', {});
    expect(refused(broken, 422).errors!.catalog![0]).toMatch(/ligne 1/);
    const noPhoto = await send(cook, { dates: [MONDAY], products: [dish('sans-photo', { photo: 'absente.jpg' })], availability: [...(await today()), { slug: 'sans-photo', stock: null }] }, {}, true);
    expect(refused(noPhoto, 409, 'catalog_import_refused').errors!.catalog![0]).toContain('fichier introuvable');
    refused(await send(cook, { dates: [MONDAY], availability: [{ slug: 'inconnu', stock: 1 }] }), 409, 'catalog_import_refused');
    const missing = await cook.request('POST', '/api/staff/catalog-import', { catalog: '{}' });
    refused(missing, 415);
  });

  it('is the kitchen’s and the admin’s: 401 without a team session (a customer’s is none), 403 for the courier', async () => {
    const file = { dates: [MONDAY], availability: await today() };
    refused(await t.app.inject({ method: 'POST', url: '/api/staff/catalog-import' }), 401, 'staff_unauthenticated');
    const customer = await visitor(t.app);
    refused(await customer.request('POST', '/api/staff/catalog-import'), 401, 'staff_unauthenticated');
    refused(await send(await staffLoggedIn(t.app, TEAM.livreur), file, {}, true), 403, 'staff_forbidden');
    expect((await send(await staffLoggedIn(t.app), file, {}, true)).statusCode).toBe(200);
  });

  it('takes the file as the page sends it: a file part named catalog', async () => {
    const form = new FormData();
    form.set('catalog', new Blob([JSON.stringify({ dates: [MONDAY], availability: await today() })], { type: 'application/json' }), 'carte.json');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await cook.request('POST', '/api/staff/catalog-import?preview=1', Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type')! });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: false, created: [] });
  });
});
