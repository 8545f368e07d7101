import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the bench may use: TEST_DATABASE_URL, else DATABASE_URL when it is a postgres:// URL. */
export function postgresUrl(): string | null {
  for (const url of [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL]) {
    if (url && /^postgres(ql)?:\/\//.test(url)) return url;
  }
  return null;
}

/** A database of the bench's own on that server, dropped afterwards (runs never see each other's rows). */
export async function createBenchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `popote_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
