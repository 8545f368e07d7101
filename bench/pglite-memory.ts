/**
 * Where an embedded database's memory goes: `node --import tsx bench/pglite-memory.ts` opens PGlite
 * as the server does (migrations, seeds, then a burst of cart-like statements) under a few
 * settings, each in a fresh child process, and prints the process's resident memory at each step.
 * docs/bench/README.md ("Memory on PGlite") keeps the figures and what they mean.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const mb = (bytes: number) => Math.round(bytes / 1048576);

async function probe(setting: string, storage: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { seed } = await import('../server/db/seed');
  const schema = await import('../server/db/schema');
  const steps: string[] = [];
  const note = (step: string) => {
    const m = process.memoryUsage();
    steps.push(`${step}: RSS ${mb(m.rss)} MB (JS heap ${mb(m.heapUsed)}, array buffers ${mb(m.arrayBuffers)})`);
  };
  note('node');
  const options = setting === 'default' ? {} : { postgresqlconf: setting.split(',') };
  const dir = storage === 'disk' ? mkdtempSync(join(tmpdir(), 'pglite-memory-')) : undefined;
  const client = new PGlite(dir, options);
  await client.waitReady;
  note('PGlite ready');
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: fileURLToPath(new URL('../server/db/migrations', import.meta.url)) });
  await seed(db as never, new Date(), { demo: true });
  note('migrated and seeded');
  const shared = await client.query<{ setting: string }>("select setting from pg_settings where name = 'shared_buffers'");
  for (let i = 0; i < 20_000; i++) {
    await client.query('update product_availabilities set reserved = reserved + 0 where product_id = $1 returning reserved', [1 + (i % 40)]);
  }
  note('20 000 statements later');
  process.stdout.write(`${setting} (${storage}; shared_buffers ${Number(shared.rows[0]!.setting) * 8 / 1024} MB)\n  ${steps.join('\n  ')}\n`);
  await client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

const [, , setting, storage] = process.argv;
if (setting) {
  await probe(setting, storage ?? 'memory');
} else {
  // Each setting in a process of its own: memory given back to the allocator is rarely given back to the system.
  for (const [s, where] of [
    ['default', 'memory'],
    ['default', 'disk'],
    ['shared_buffers=16MB', 'memory'],
    ['shared_buffers=16MB', 'disk'],
  ]) {
    process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), s!, where!], { encoding: 'utf8' }));
  }
}
