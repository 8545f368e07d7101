/**
 * `npm run catalog:import FILE`: loads a day's catalog (dishes, what the kitchen cooks) from a JSON
 * file into the configured database. Exit 0 with a summary on stdout, 1 with every error on stderr.
 */
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { openMigratedDatabase } from '../../db/open';
import { audit } from '../../lib/audit';
import { createClock } from '../../lib/clock';
import { CATALOG_MAX_BYTES, CatalogImportError, catalogTooLarge, formatSummary, importCatalog, parseCatalogFile, type PhotoSource } from './catalog-import.service';
import { commandEnv } from '../../lib/command-env';

function fail(title: string, errors: string[]): number {
  console.error([title, ...errors.map((e) => `  ${e}`)].join('\n'));
  return 1;
}

async function main(args: string[]): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) return fail('Usage : npm run catalog:import FICHIER.json', []);

  // npm runs scripts from the package root; a relative path means relative to where the operator typed it.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    // A file far larger than any catalog (a wrong path: a dump, a video) is refused unread.
    const { size } = statSync(path);
    if (size > CATALOG_MAX_BYTES) return fail(`${file} : rien n’a été importé.`, [catalogTooLarge(size)]);
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return fail(`Impossible de lire ${path} : ${(err as Error).message}`, []);
  }

  // Checked before the database is opened: a broken file never touches it.
  const parsed = parseCatalogFile(text);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return fail(`${file} : ${n} ${n > 1 ? 'erreurs' : 'erreur'}, rien n’a été importé.`, parsed.errors);
  }

  const env = commandEnv();
  if (!env) return 1;

  const database = await openMigratedDatabase(env);
  try {
    // Photos are named relative to the catalog file, wherever the command was typed.
    const photos: PhotoSource = {
      mediaDir: env.MEDIA_DIR,
      read: (name) => readFile(resolve(dirname(path), name)).catch(() => null),
    };
    // Prices and VAT rates change here too: the trail keeps them, by "Système" (no team member), with the file's name.
    const summary = await importCatalog(database.db, parsed.data, photos, {
      onApplied: (tx, done, changes) =>
        audit(tx, { staffId: null, staffEmail: null, requestId: null }, { action: 'catalog.import', details: { source: `npm run catalog:import ${basename(path)}`, dates: parsed.data.dates, ...done, ...changes } }, createClock().now()),
    });
    // stdout, not console.log: the summary is the command's output, errors go to stderr.
    process.stdout.write(`${formatSummary(summary)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof CatalogImportError) return fail(`${file} : import refusé, rien n’a été modifié.`, err.errors);
    return fail(`${file} : import impossible, rien n’a été modifié.`, [(err as Error).message]);
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
