/**
 * `npm run staff:add -- --email … --name … --role admin [--role cuisine]`: a new team member in
 * the configured database. Their one-time link to set a password goes out by mail (the outbox)
 * and is printed. Exit 0, or 1 with the problem on stderr.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRoleName } from '#shared/api/staff';
import { EMAIL_PATTERN } from '#shared/api/fields';
import { openMigratedDatabase } from '../../db/open';
import { EnvError, loadEnv } from '../../env';
import { createClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { inviteStaff } from './staff.service';

const USAGE = 'Usage : npm run staff:add -- --email ADRESSE --name "Prénom Nom" --role admin|cuisine|livreur [--role …]';

function fail(message: string): number {
  console.error(message);
  return 1;
}

async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', multiple: true } }, strict: true }));
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`);
  }
  const email = values.email?.trim().toLowerCase() ?? '';
  const name = values.name?.trim() ?? '';
  const roles = (values.role ?? []).flatMap((r) => r.split(',')).map((r) => r.trim());
  if (!EMAIL_PATTERN.test(email) || !name || roles.length === 0) return fail(USAGE);
  const unknown = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (unknown.length) return fail(`Rôle inconnu : ${unknown.join(', ')}. ${USAGE}`);

  if (existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) return fail(['La configuration est invalide :', ...err.problems.map((p) => `  ${p}`)].join('\n'));
    throw err;
  }
  const database = await openMigratedDatabase(env);
  try {
    const { member, link } = await inviteStaff(
      { db: database.db, clock: createClock(), env },
      { staffId: null, staffEmail: 'npm run staff:add', requestId: null },
      { email, name, roles: [...new Set(roles)] as StaffRoleName[] },
    );
    process.stdout.write(`${member.name} <${member.email}> ajouté (${member.roles.join(', ')}).\nLien pour choisir son mot de passe (valable 3 jours, une seule fois, aussi envoyé par e-mail) :\n${link}\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) return fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
