import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAvailabilities, products } from '../../server/db/schema';
import { CatalogImportError, formatSummary, importCatalog, parseCatalogFile } from '../../server/modules/catalog/catalog-import.service';
import type { CatalogFile } from '../../server/modules/catalog/catalog-import.schema';
import { createTestApp, type TestApp } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(root, 'server/modules/catalog/catalog-import-cli.ts');
const exampleText = readFileSync(join(root, 'tests/fixtures/catalog-example.json'), 'utf8');
const DATE = '2026-11-24';
const NEW_SLUG = 'gratin-dauphinois';

function mustParse(text: string): CatalogFile {
  const result = parseCatalogFile(text);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.data;
}
/** A fresh copy each time: tests change it. */
const example = () => mustParse(exampleText);
const exampleSlugs = example().availability.map((a) => a.slug);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every row the import may touch, to prove a refusal wrote nothing. */
async function catalogRows() {
  const db = t.database.db;
  return {
    products: await db.select().from(products).orderBy(asc(products.slug)),
    availabilities: await db
      .select()
      .from(productAvailabilities)
      .orderBy(asc(productAvailabilities.date), asc(productAvailabilities.productId)),
  };
}

/** Sorted here, not in SQL: PostgreSQL collations may order dashes differently from the summary's sort. */
async function dayRows(date: string) {
  const rows = await t.database.db
    .select({ slug: products.slug, stock: productAvailabilities.stock, reserved: productAvailabilities.reserved })
    .from(productAvailabilities)
    .innerJoin(products, eq(products.id, productAvailabilities.productId))
    .where(eq(productAvailabilities.date, date));
  return rows.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

async function product(slug: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.slug, slug));
  return row;
}

/** What carts and orders would do: take portions of a dish on a date. */
async function setReserved(slug: string, date: string, reserved: number) {
  const row = await product(slug);
  await t.database.db
    .update(productAvailabilities)
    .set({ reserved })
    .where(and(eq(productAvailabilities.productId, row!.id), eq(productAvailabilities.date, date)));
}

async function refusal(data: CatalogFile): Promise<string[]> {
  const error = await importCatalog(t.database.db, data).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CatalogImportError);
  return (error as CatalogImportError).errors;
}

describe('parseCatalogFile', () => {
  it('accepts the example file', () => {
    const result = parseCatalogFile(exampleText);
    expect(result.ok).toBe(true);
  });

  it('reports a JSON syntax error with its line and column', () => {
    const missingComma = ['{', '  "dates": ["2026-11-24"]', '  "availability": []', '}'].join('\n');
    expect(parseCatalogFile(missingComma)).toEqual({
      ok: false,
      errors: ['JSON invalide, ligne 3, colonne 3 : virgule attendue entre deux éléments.'],
    });

    const commentAndTrailingComma = ['{', '  "dates": ["2026-11-24"], // mardi', '  "availability": [],', '}'].join('\r\n');
    const result = parseCatalogFile(commentAndTrailingComma);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'JSON invalide, ligne 2, colonne 28 : les commentaires ne sont pas permis en JSON.',
      'JSON invalide, ligne 4, colonne 1 : nom de champ entre guillemets attendu (virgule en trop avant « } » ?).',
    ]);
  });

  it('reports every schema error on its own line, with the line number and the path', () => {
    const lines = [
      /*  1 */ '{',
      /*  2 */ '  "dates": ["2026-11-24", "2026-13-01"],',
      /*  3 */ '  "products": [',
      /*  4 */ '    {',
      /*  5 */ '      "slug": "gratin-dauphinois",',
      /*  6 */ '      "name": "Gratin dauphinois",',
      /*  7 */ '      "short_description": "Pommes de terre et crème",',
      /*  8 */ '      "description": "Gratiné au four.",',
      /*  9 */ '      "ingredients": ["pommes de terre", "crème"],',
      /* 10 */ '      "allergens": ["lait", "noix"],',
      /* 11 */ '      "category": "plat",',
      /* 12 */ '      "price_cents": -5,',
      /* 13 */ '      "vat_rate": 7,',
      /* 14 */ '      "prix": 1190',
      /* 15 */ '    },',
      /* 16 */ '    { "slug": "Tarte Tatin", "name": "Tarte", "short_description": "x", "description": "x",',
      /* 17 */ '      "ingredients": [], "allergens": [], "category": "dessert", "price_cents": 450, "vat_rate": 10 }',
      /* 18 */ '  ],',
      /* 19 */ '  "availability": [',
      /* 20 */ '    { "slug": "gratin-dauphinois", "stock": 2.5 },',
      /* 21 */ '    { "slug": "gratin-dauphinois", "stock": 3 },',
      /* 22 */ '    { "slug": "salade-lyonnaise" }',
      /* 23 */ '  ]',
      /* 24 */ '}',
    ];
    const result = parseCatalogFile(lines.join('\n'));
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors.map((e) => e.slice(0, e.indexOf(' : ')))).toEqual([
      'ligne 2, dates[1]',
      'ligne 10, products[0].allergens[1]',
      'ligne 11, products[0].category',
      'ligne 12, products[0].price_cents',
      'ligne 13, products[0].vat_rate',
      'ligne 14, products[0].prix',
      'ligne 16, products[1].slug',
      'ligne 20, availability[0].stock',
      'ligne 21, availability[1].slug',
      'ligne 22, availability[2].stock',
    ]);
    expect(errors).toContain('ligne 2, dates[1] : Cette date n’existe pas dans le calendrier.');
    expect(errors).toContain('ligne 13, products[0].vat_rate : Le taux de TVA doit être 5.5, 10 ou 20 (en %).');
    expect(errors).toContain('ligne 21, availability[1].slug : Le plat « gratin-dauphinois » apparaît deux fois (déjà en availability[0]).');
    expect(errors.find((e) => e.startsWith('ligne 10,'))).toMatch(/Allergène inconnu.*« fruits à coque »/);
    expect(errors.find((e) => e.startsWith('ligne 12,'))).toMatch(/nombre entier de centimes/);
    expect(errors.find((e) => e.startsWith('ligne 14,'))).toMatch(/Champ inconnu/);
    expect(errors.find((e) => e.startsWith('ligne 22,'))).toMatch(/Stock manquant/);
  });

  it('points a missing field at its object, and a file that is not an object at line 1', () => {
    const result = parseCatalogFile('{\n  "dates": ["2026-11-24"],\n  "availability": [\n    { "stock": 3 }\n  ]\n}');
    expect(result).toEqual({ ok: false, errors: ['ligne 4, availability[0].slug : Champ obligatoire manquant.'] });
    expect(parseCatalogFile('[]')).toEqual({ ok: false, errors: ['ligne 1 : Il faut un objet { … } ici, pas une liste.'] });
    expect(parseCatalogFile('  \n')).toEqual({ ok: false, errors: ['Le fichier est vide.'] });
  });
});

describe('importCatalog', () => {
  it('imports the example: creates the dish, sets the stocks, keeps reservations, removes the unlisted dishes', async () => {
    const seeded = (await dayRows(DATE)).map((r) => r.slug);
    expect(seeded).toContain('joue-de-boeuf-cotes-du-rhone');
    const unlisted = seeded.filter((slug) => !exampleSlugs.includes(slug));
    await setReserved('quenelle-nantua', DATE, 7);
    const nextDay = await dayRows('2026-11-25');

    const summary = await importCatalog(t.database.db, example());

    expect(summary.created).toEqual([NEW_SLUG]);
    expect(summary.updated).toEqual([]);
    expect(summary.days).toHaveLength(1);
    expect(summary.days[0]!.removed).toEqual(unlisted);
    expect(formatSummary(summary)).toBe(`1 plat créé, 0 mis à jour ; ${DATE} : 11 plats au menu (${unlisted.length} retirés)`);

    const stocks = new Map(example().availability.map((a) => [a.slug, a.stock]));
    expect(await dayRows(DATE)).toEqual(
      [...exampleSlugs].sort().map((slug) => ({ slug, stock: stocks.get(slug), reserved: slug === 'quenelle-nantua' ? 7 : 0 })),
    );
    expect(await dayRows('2026-11-25')).toEqual(nextDay);

    expect(await product(NEW_SLUG)).toMatchObject({
      name: 'Gratin dauphinois',
      category: 'main',
      priceCents: 1190,
      vatRateBp: 1000,
      allergens: ['lait'],
      tags: ['végétarien', 'sans gluten', 'fait maison'],
      coverUrl: '/images/dishes/gratin-cardons.svg',
      nutrition: { kcal: 620, proteinsG: 18, carbsG: 52, fatG: 36 },
    });
  });

  it('is what the catalog API serves for that date', async () => {
    const menusRes = await t.app.inject({ method: 'GET', url: `/api/menus?date=${DATE}` });
    expect(menusRes.statusCode).toBe(200);
    const menus = menusRes.json<{ categories: { products: { slug: string; sold_out: boolean }[] }[] }[]>();
    expect(menus.length).toBeGreaterThan(0);
    const served = new Set(menus.flatMap((m) => m.categories.flatMap((c) => c.products.map((p) => p.slug))));
    expect(served.has('quenelle-nantua')).toBe(true);
    expect(served.has('joue-de-boeuf-cotes-du-rhone')).toBe(false);
    for (const slug of served) expect(exampleSlugs).toContain(slug);

    const dish = await t.app.inject({ method: 'GET', url: `/api/products/${NEW_SLUG}?date=${DATE}` });
    expect(dish.statusCode).toBe(200);
    expect(dish.json()).toMatchObject({
      slug: NEW_SLUG,
      name: 'Gratin dauphinois',
      price: 1190,
      category: 'main',
      allergens: ['lait'],
      cover_url: '/images/dishes/gratin-cardons.svg',
      nutrition: { kcal: 620, proteins_g: 18, carbs_g: 52, fat_g: 36 },
      available: true,
      sold_out: false,
    });

    const removed = await t.app.inject({ method: 'GET', url: `/api/products/joue-de-boeuf-cotes-du-rhone?date=${DATE}` });
    expect(removed.json()).toMatchObject({ available: false });
  });

  it('is idempotent: importing the same file again changes nothing', async () => {
    const before = await catalogRows();
    const summary = await importCatalog(t.database.db, example());
    expect(summary).toEqual({ created: [], updated: [], unchanged: [NEW_SLUG], days: [{ date: DATE, dishes: 11, removed: [] }] });
    expect(formatSummary(summary)).toBe(`0 plat créé, 0 mis à jour, 1 inchangé ; ${DATE} : 11 plats au menu`);
    expect(await catalogRows()).toEqual(before);
  });

  it('updates the fields given and keeps the optional ones left out', async () => {
    const data = example();
    const { nutrition: _nutrition, cover_url: _cover, ...dish } = data.products![0]!;
    data.products = [{ ...dish, price_cents: 1290, vat_rate: 5.5 }];
    const summary = await importCatalog(t.database.db, data);
    expect(summary.updated).toEqual([NEW_SLUG]);
    expect(await product(NEW_SLUG)).toMatchObject({
      priceCents: 1290,
      vatRateBp: 550,
      coverUrl: '/images/dishes/gratin-cardons.svg',
      nutrition: { kcal: 620, proteinsG: 18, carbsG: 52, fatG: 36 },
    });

    data.products = [{ ...dish, nutrition: null }];
    await importCatalog(t.database.db, data);
    expect((await product(NEW_SLUG))!.nutrition).toBeNull();

    expect((await importCatalog(t.database.db, example())).updated).toEqual([NEW_SLUG]);
    expect(await product(NEW_SLUG)).toMatchObject({ priceCents: 1190, vatRateBp: 1000, nutrition: { kcal: 620 } });
  });

  it('replaces the list of each date of the file', async () => {
    const before = await Promise.all(['2026-11-25', '2026-11-26'].map(dayRows));
    const summary = await importCatalog(t.database.db, {
      dates: ['2026-11-25', '2026-11-26'],
      availability: [
        { slug: NEW_SLUG, stock: null },
        { slug: 'salade-lyonnaise', stock: 5 },
      ],
    });
    const removed = (rows: { slug: string }[]) => rows.map((r) => r.slug).filter((slug) => slug !== 'salade-lyonnaise');
    expect(summary.days).toEqual([
      { date: '2026-11-25', dishes: 2, removed: removed(before[0]!) },
      { date: '2026-11-26', dishes: 2, removed: removed(before[1]!) },
    ]);
    expect(summary.days[0]!.removed.length).toBeGreaterThan(0);
    for (const date of ['2026-11-25', '2026-11-26']) {
      expect(await dayRows(date)).toEqual([
        { slug: NEW_SLUG, stock: null, reserved: 0 },
        { slug: 'salade-lyonnaise', stock: 5, reserved: 0 },
      ]);
    }
  });

  it('refuses an unknown dish in availability, and writes nothing', async () => {
    const data = example();
    data.products!.push({ ...data.products![0]!, slug: 'soupe-a-l-oignon', name: 'Soupe à l’oignon' });
    data.availability.push({ slug: 'soupe-a-l-oignon', stock: 10 }, { slug: 'plat-fantome', stock: 3 });
    const before = await catalogRows();

    expect(await refusal(data)).toEqual([`${DATE}, « plat-fantome » : plat inconnu, ni en base ni dans la liste products du fichier.`]);
    expect(await catalogRows()).toEqual(before);
    expect(await product('soupe-a-l-oignon')).toBeUndefined();
  });

  it('refuses a stock below the portions already reserved, and writes nothing', async () => {
    const data = example();
    data.products![0]!.price_cents = 990;
    data.availability = data.availability.map((a) => (a.slug === 'quenelle-nantua' ? { ...a, stock: 5 } : a));
    const before = await catalogRows();

    const errors = await refusal(data);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${DATE}, « quenelle-nantua » .*stock de 5, alors que 7 portions sont déjà réservées`));
    expect(await catalogRows()).toEqual(before);

    // As many portions as reserved, or no limit, is fine.
    data.availability = data.availability.map((a) => (a.slug === 'quenelle-nantua' ? { ...a, stock: 7 } : a));
    await importCatalog(t.database.db, data);
    expect((await dayRows(DATE)).find((r) => r.slug === 'quenelle-nantua')).toEqual({ slug: 'quenelle-nantua', stock: 7, reserved: 7 });
    await importCatalog(t.database.db, example());
  });

  it('refuses to remove a dish with reserved portions, reporting every problem at once', async () => {
    const date = '2026-11-27';
    await setReserved('joue-de-boeuf-cotes-du-rhone', date, 2);
    await setReserved('quenelle-nantua', date, 12);
    const data = { ...example(), dates: [date] };
    data.availability = [...data.availability.filter((a) => a.slug !== 'quenelle-nantua'), { slug: 'quenelle-nantua', stock: 10 }, { slug: 'plat-fantome', stock: 1 }];
    const before = await catalogRows();

    const errors = await refusal(data);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toBe(`${date}, « plat-fantome » : plat inconnu, ni en base ni dans la liste products du fichier.`);
    expect(errors[1]).toMatch(new RegExp(`^${date}, « joue-de-boeuf-cotes-du-rhone » .*2 portions sont déjà réservées.*ne peut pas être retiré`));
    expect(errors[2]).toMatch(new RegExp(`^${date}, « quenelle-nantua » .*stock de 10, alors que 12 portions sont déjà réservées`));
    expect(await catalogRows()).toEqual(before);
  });
});

// Each run is a process of its own: TypeScript loaded by tsx, an empty database made, migrated and
// seeded, and for the photo four AVIF and WebP encodings; 10 s on a quiet machine, past the
// default 30 s on a loaded one. A budget of its own, declared.
describe('npm run catalog:import', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'popote-catalog-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, ...args],
        { cwd: root, env: { ...process.env, DATABASE_URL: 'memory://', ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  it('exits 1 and prints the syntax error with its line and column on stderr', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "dates": ["2026-11-24"]\n  "availability": []\n}\n');
    const run = await runCli([file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('rien n’a été importé');
    expect(run.stderr).toContain('JSON invalide, ligne 3, colonne 3 : virgule attendue entre deux éléments.');
  });

  it('reads a dish’s photo beside the file, makes its variants in MEDIA_DIR, and refuses a file that is not a photo', async () => {
    mkdirSync(join(dir, 'photos'), { recursive: true });
    writeFileSync(join(dir, 'photos', 'gratin.png'), await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c96' } }).png().toBuffer());
    writeFileSync(join(dir, 'photos', 'notes.jpg'), 'pas une photo');
    const dish = (photo: string) => ({ slug: NEW_SLUG, name: 'Gratin dauphinois', short_description: 'Un gratin.', description: 'Un gratin au four.', ingredients: [], allergens: ['lait'], category: 'main', price_cents: 1190, vat_rate: 10, photo });
    const file = join(dir, 'photo.json');
    const media = join(dir, 'media');
    writeFileSync(file, JSON.stringify({ dates: [DATE], products: [dish('photos/gratin.png')], availability: [{ slug: NEW_SLUG, stock: 10 }] }));
    const run = await runCli([file], { MEDIA_DIR: media });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('1 plat créé');
    // 800 px wide: 320 and 640 in AVIF and WebP, the JPEG at 640, and the manifest.
    expect(readdirSync(media).map((name) => name.replace(/^[0-9a-f]{16}/, 'h')).sort()).toEqual(['h-320.avif', 'h-320.webp', 'h-640.avif', 'h-640.jpg', 'h-640.webp', 'h.json']);

    writeFileSync(file, JSON.stringify({ dates: [DATE], products: [dish('photos/notes.jpg')], availability: [{ slug: NEW_SLUG, stock: 10 }] }));
    const refused = await runCli([file], { MEDIA_DIR: media });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('import refusé, rien n’a été modifié');
    expect(refused.stderr).toContain('products[0].photo (« photos/notes.jpg ») : Ce fichier n’est pas une image lisible : envoyez une photo JPEG, PNG ou HEIC.');
  });

  it('exits 1 with its usage when no file is given', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Usage : npm run catalog:import FICHIER.json');
  });
});
