/**
 * `npm run ledger:check`: replays the whole ledger of the configured database and compares it with
 * the invoices, credit notes and refunds. Exit 0 when everything agrees to the cent, 1 with every
 * difference (where, and what) otherwise. Reads only.
 */
import { openDatabase } from '../../db/client';
import { checkLedger, reportText } from './ledger-check.service';
import { commandEnv } from '../../lib/command-env';

async function main(): Promise<number> {
  const env = commandEnv();
  if (!env) return 1;
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
