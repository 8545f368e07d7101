import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an empty PGlite cluster, dumped once per run (see setup below). */
    pgliteImage: string;
    /** This run's name: the PostgreSQL templates its workers seed are named for it. */
    runId: string;
  }
}

/**
 * Where each API test worker migrates and seeds once, on PostgreSQL, before its files get copies
 * (tests/api/helpers.ts): `popote_seed_<run>_<random>`, dropped when the run ends.
 */
export const SEED_TEMPLATE_PREFIX = 'popote_seed_';
/** A run's templates left by a run that died (it could not drop them) go at the next run after this long. */
const STALE_RUN_MS = 6 * 3_600_000;

/**
 * The databases the API test files start from.
 *
 * - Creating a PGlite cluster (its initdb) takes 2–3 s on a 2-core machine, against under half a
 *   second to load one dumped: one empty cluster is made here once per run, and each worker
 *   migrates and seeds from it.
 * - On PostgreSQL the workers' seeded databases are templates named for the run, dropped here when
 *   it ends (and those of a run that died, once they are old).
 */
export async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'popote-pglite-'));
  const file = join(dir, 'cluster.tar');
  const db = new PGlite();
  await db.waitReady;
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  // Each API project sets up on its own: the time (for stale runs) and a random part (two projects in the same millisecond).
  const runId = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  project.provide('pgliteImage', file);
  project.provide('runId', runId);
  await dropTemplates((name) => Date.now() - Number(name.slice(SEED_TEMPLATE_PREFIX.length).split('_')[0]) > STALE_RUN_MS);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplates((name) => name.startsWith(`${SEED_TEMPLATE_PREFIX}${runId}_`));
  };
}

/** Drops the seeded templates `which` names, when the run is on PostgreSQL. */
async function dropTemplates(which: (name: string) => boolean) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${SEED_TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows.filter((r) => which(r.datname))) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
