/**
 * `npm run ledger:check`: replays the whole ledger of the configured database and compares it with
 * the invoices, credit notes and refunds. Exit 0 when everything agrees to the cent, 1 with every
 * difference (where, and what) otherwise. Reads only.
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '../../db/client';
import { EnvError, loadEnv } from '../../env';
import { checkLedger, reportText } from './ledger-check';

async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(['La configuration est invalide :', ...err.problems.map((p) => `  ${p}`)].join('\n'));
      return 1;
    }
    throw err;
  }
  const database = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
  try {
    const report = await checkLedger(database.db);
    (report.problems.length ? process.stderr : process.stdout).write(`${reportText(report)}\n`);
    return report.problems.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
