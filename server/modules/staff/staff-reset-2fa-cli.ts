/**
 * `npm run staff:reset-2fa -- --email …`: removes a team member's second factor from the server,
 * for the admin who lost their phone and their recovery codes when no other admin can do it from
 * the app (the last one). Every session of theirs ends; they enrol again at their next login,
 * with their password. Audited. Exit 0, or 1 with the problem on stderr.
 */
import { parseArgs } from 'node:util';
import { EMAIL_PATTERN } from '#shared/api/fields';
import { openDatabase } from '../../db/client';
import { claimDatabaseMode, DatabaseModeError } from '../../db/database-mode';
import { migrate } from '../../db/migrate';
import { createClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { staffByEmail } from './staff.repo';
import { resetSecondFactor } from './staff.service';
import { commandEnv } from '../../lib/command-env';

const USAGE = 'Usage : npm run staff:reset-2fa -- --email ADRESSE';

function fail(message: string): number {
  console.error(message);
  return 1;
}

async function main(args: string[]): Promise<number> {
  let email: string;
  try {
    email = parseArgs({ args, options: { email: { type: 'string' } }, strict: true }).values.email?.trim().toLowerCase() ?? '';
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (!EMAIL_PATTERN.test(email)) return fail(USAGE);
  const env = commandEnv();
  if (!env) return 1;
  const database = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
  try {
    await migrate(database);
    await claimDatabaseMode(database.db, env.DEMO_DATA ? 'demo' : 'production', new Date());
    const member = await staffByEmail(database.db, email);
    if (!member) return fail(`Aucun membre de l’équipe n’a l’adresse ${email}.`);
    // Whoever holds the server's shell is trusted here: the last admin's reset is allowed.
    await resetSecondFactor({ db: database.db, clock: createClock(), env }, { staffId: null, staffEmail: 'npm run staff:reset-2fa', requestId: null }, member.id, { keepAnAdmin: false });
    process.stdout.write(`La double authentification de ${member.name} <${member.email}> est retirée et ses sessions sont fermées.\nÀ sa prochaine connexion, avec son mot de passe, il l’active de nouveau (nouveau QR code, nouveaux codes de secours).\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError || err instanceof DatabaseModeError) return fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
