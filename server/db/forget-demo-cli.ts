/**
 * `npm run db:forget-demo -- --yes`: removes everything the demo made from a database that ran
 * the demo (server/db/database-mode.ts), so that production may start on it. Without `--yes` it
 * says what it would remove and removes nothing. Exit 0, or 1 with the reason on stderr.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from './client';
import { demoRowCounts, forgetDemo, FORGET_DEMO_COMMAND } from './database-mode';
import { migrate } from './migrate';
import { commandEnv } from '../lib/command-env';

async function main(args: string[]): Promise<number> {
  let yes: boolean;
  try {
    yes = Boolean(parseArgs({ args, options: { yes: { type: 'boolean' } }, strict: true }).values.yes);
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage : ${FORGET_DEMO_COMMAND}`);
    return 1;
  }
  const env = commandEnv();
  if (!env) return 1;
  // The owner's hand: the ledger's triggers are lifted for the removal, which only an owner may do.
  const database = await openDatabase(env.DATABASE_OWNER_URL ?? env.DATABASE_URL, env.DATA_DIR);
  try {
    await migrate(database);
    if (!yes) {
      const counts = Object.entries(await demoRowCounts(database.db)).filter(([, n]) => n > 0);
      process.stdout.write(
        `${[
          `Base ${database.kind} : ce que la démonstration a créé serait supprimé (si elle a servi la démonstration) :`,
          ...counts.map(([table, n]) => `  ${table} : ${n}`),
          'Rien n’a été supprimé. Arrêtez tout serveur de démonstration sur cette base, puis relancez avec --yes.',
        ].join('\n')}\n`,
      );
      return 1;
    }
    const result = await forgetDemo(database.db, new Date());
    if (!result.forgotten) {
      console.error('Cette base n’a pas servi la démonstration (elle sert la production, ou elle est neuve) : rien n’a été supprimé.');
      return 1;
    }
    const removed = Object.values(result.counts).reduce((a, b) => a + b, 0);
    process.stdout.write(`Ce que la démonstration avait créé est supprimé (${removed} lignes : comptes d’équipe, invitations, sessions, clients, cagnottes, commandes, e-mails…). La base est prête pour la production.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
