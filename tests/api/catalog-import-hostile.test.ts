import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogFile } from '../../server/modules/catalog/catalog-import.service';
import { MONDAY, createTestApp, refused, type TestApp } from './helpers';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * Catalog files made to hurt: 3,000 nested lists overflowed the stack of the parse (a 500 from
 * the team's import and the sandbox's), 50,000 unknown keys held the event loop 20 s while their
 * errors were located, a field past the multipart limit was cut and read as broken JSON. Each is
 * now a French refusal, found in one linear pass.
 */

/** The file's limit (CATALOG_MAX_BYTES), written out: the test states it. */
const CATALOG_MAX_BYTES = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(root, 'server/modules/catalog/catalog-import-cli.ts');

const nested = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}1${close.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const dish = (extra: string) =>
  `{"slug":"plat-du-jour","name":"Plat","short_description":"Court.","description":"Long.","ingredients":[],"allergens":[],"category":"main","price_cents":1290,"vat_rate":10${extra}}`;
const DEPTH_MESSAGE = /^JSON invalide, ligne \d+, colonne \d+ : plus de 16 niveaux de \{ \} et \[ \] imbriqués ; une carte en a 4\.$/;

/** Files nested far past any catalog, at the top and deep inside a field. */
const DEEP: Record<string, string> = {
  'lists 3,000 deep': nested(3000),
  'objects 3,000 deep': deepObject(3000),
  'lists 100,000 deep': nested(100_000),
  'dates nested 3,000 deep': `{"dates": ${nested(3000)}, "availability": []}`,
  'a dish’s ingredients 3,000 deep': `{"dates": ["${MONDAY}"], "products": [${dish(`,"ingredients":${nested(3000)}`)}], "availability": []}`,
  'a dish’s nutrition 3,000 deep': `{"dates": ["${MONDAY}"], "products": [${dish(`,"nutrition":{"kcal":${deepObject(3000)}}`)}], "availability": []}`,
  // A quote in a comment must not hide the brackets after it from the depth check.
  'lists behind a commented quote': `// "\n${nested(3000)}\n// "`,
};

let t: TestApp;
let cook: StaffBrowser;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  cook = await staffLoggedIn(t.app, TEAM.cuisine);
  dir = mkdtempSync(join(tmpdir(), 'popote-catalog-hostile-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** The team page's request: the file as a field, or as the file part the page sends. */
async function send(catalog: string, as: 'field' | 'file' = 'file') {
  const form = new FormData();
  if (as === 'file') form.set('catalog', new Blob([catalog], { type: 'application/json' }), 'carte.json');
  else form.set('catalog', catalog);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return cook.request('POST', '/api/staff/catalog-import?preview=1', Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type')! });
}

function errorsOf(text: string): string[] {
  const result = parseCatalogFile(text);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}

describe('a catalog file nested too deep', () => {
  it('is refused before anything recurses, with where it passes the limit', () => {
    for (const [name, text] of Object.entries(DEEP)) {
      const errors = errorsOf(text);
      expect(errors, name).toHaveLength(1);
      expect(errors[0], name).toMatch(DEPTH_MESSAGE);
    }
    expect(errorsOf(nested(3000))).toEqual(['JSON invalide, ligne 1, colonne 17 : plus de 16 niveaux de { } et [ ] imbriqués ; une carte en a 4.']);
    // The legitimate depth: a dish's nutrition, four levels, is read.
    expect(parseCatalogFile(`{"dates": ["${MONDAY}"], "products": [${dish(',"nutrition":{"kcal":1,"proteins_g":1,"carbs_g":1,"fat_g":1}')}], "availability": []}`).ok).toBe(true);
  });

  it('answers 422 in French from the team’s import, as a field or a file, and from the sandbox’s, never a 500', async () => {
    for (const [name, text] of Object.entries(DEEP)) {
      for (const as of ['field', 'file'] as const) {
        const body = refused(await send(text, as), 422, 'validation_failed');
        expect(body.message, `${name} as a ${as}`).toBe('Fichier de la carte invalide : rien n’a été importé.');
        expect(body.errors!.catalog![0], `${name} as a ${as}`).toMatch(DEPTH_MESSAGE);
      }
      const sandbox = await t.app.inject({ method: 'POST', url: '/__sandbox/catalog-import', payload: text, headers: { 'content-type': 'application/json' } });
      expect(sandbox.statusCode, `${name}: ${sandbox.body.slice(0, 200)}`).toBe(422);
      expect((sandbox.json() as { errors: { file: string[] } }).errors.file[0]).toMatch(DEPTH_MESSAGE);
    }
  });

  it('is refused by the command, exit 1 with the message', async () => {
    const file = join(dir, 'profond.json');
    writeFileSync(file, nested(3000));
    const run = await runCli([file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/plus de 16 niveaux de \{ \} et \[ \] imbriqués/);
  });
});

describe('a malformed or oversized catalog file', () => {
  it('JSONC, garbage and wrong types deep inside: 422 with each problem in French', async () => {
    const jsonc = refused(await send(`// mardi\n{"dates": ["${MONDAY}"], /* menu */ "availability": [],}`), 422);
    expect(jsonc.errors!.catalog).toContain('JSON invalide, ligne 1, colonne 1 : les commentaires ne sont pas permis en JSON.');
    refused(await send('\u0000\u0001{{{{'), 422);
    const types = refused(
      await send(`{"dates": [1, {"a": [[]]}], "products": [{"slug": ["x"], "nutrition": [1, 2], "allergens": {"0": "lait"}, "price_cents": "12"}], "availability": [{"slug": {"x": 1}, "stock": "5"}, null]}`),
      422,
    );
    expect(types.errors!.catalog).toEqual(
      expect.arrayContaining(['ligne 1, dates[0] : Il faut un texte ici, pas 1.', 'ligne 1, dates[1] : Il faut un texte ici, pas un objet.', 'ligne 1, availability[1] : Il faut un objet { … } ici, pas null.']),
    );
  });

  it('reports the first 50 of 50,000 errors and how many more, without holding the event loop', async () => {
    const keys = `{"dates": ["${MONDAY}"], "availability": [], ${Array.from({ length: 50_000 }, (_, i) => `"champ${i}": ${i}`).join(',')}}`;
    expect(keys.length).toBeLessThan(CATALOG_MAX_BYTES);
    const started = performance.now();
    const body = refused(await send(keys), 422);
    const took = performance.now() - started;
    expect(body.errors!.catalog).toHaveLength(51);
    expect(body.errors!.catalog![0]).toMatch(/^ligne 1, champ0 : Champ inconnu/);
    expect(body.errors!.catalog![50]).toBe('… et 49950 autres erreurs.');
    // It took 16 to 21 s before; about 0.3 s now on the 2-core machine.
    expect(took).toBeLessThan(3000);

    // A megabyte of syntax errors: counted in one pass (they were compared two by two).
    const garbage = ','.repeat(CATALOG_MAX_BYTES - 10);
    const start2 = performance.now();
    const broken = refused(await send(`[${garbage}]`), 422);
    expect(performance.now() - start2).toBeLessThan(3000);
    expect(broken.errors!.catalog!.at(-1)).toMatch(/^… et \d+ autres erreurs de syntaxe\.$/);
  });

  it('past 1 MB: 413 with a French message, as a file or a field (it was cut and read as broken JSON)', async () => {
    const big = `{"dates": ["${MONDAY}"], "availability": [], "x": "${'a'.repeat(CATALOG_MAX_BYTES)}"}`;
    for (const as of ['field', 'file'] as const) {
      const body = refused(await send(big, as), 413, 'payload_too_large');
      expect(body.errors!.catalog, as).toEqual(['Le fichier de la carte dépasse 1024 Ko : une carte fait quelques dizaines de plats.']);
    }
    const file = join(dir, 'enorme.json');
    writeFileSync(file, big);
    const run = await runCli([file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Le fichier fait 1025 Ko : une carte en fait au plus 1024 (quelques dizaines de plats).');
  });

  it('more dates or dishes than any kitchen: refused by the schema, with the limit', () => {
    const dates = Array.from({ length: 32 }, (_, i) => `"2026-12-${String(i + 1).padStart(2, '0')}"`);
    dates[31] = '"2027-01-01"';
    expect(errorsOf(`{"dates": [${dates.join(',')}], "availability": []}`)).toEqual(['ligne 1, dates : Au plus 31 dates par fichier : un fichier par mois.']);
    const many = Array.from({ length: 501 }, (_, i) => `{"slug": "plat-${i}", "stock": 1}`).join(',');
    expect(errorsOf(`{"dates": ["${MONDAY}"], "availability": [${many}]}`)).toEqual(['ligne 1, availability : Au plus 500 plats par jour.']);
  });
});

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: root, env: { ...process.env, DATABASE_URL: 'memory://' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
