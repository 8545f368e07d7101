/**
 * `npm run staff:add -- --email … --name … --role admin [--role cuisine]`: a new team member in
 * the configured database. Their one-time link to set a password is printed, and goes out by mail
 * (the outbox) when a mail can leave (SMTP_URL, or the sandbox). Exit 0, or 1 with the problem on
 * stderr. The password they choose is judged there (server/lib/password-strength.ts).
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRoleName } from '#shared/api/staff';
import { EMAIL_PATTERN } from '#shared/api/fields';
import { claimDatabaseMode, DatabaseModeError } from '../../db/database-mode';
import { openMigratedDatabase } from '../../db/open';
import { createClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { inviteStaff } from './staff.service';
import { commandEnv } from '../../lib/command-env';

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

  const env = commandEnv();
  if (!env) return 1;
  let database;
  try {
    // A production admin is never added to the demo's database (its removal would take them).
    database = await openMigratedDatabase(env, (db) => claimDatabaseMode(db, env.DEMO_DATA ? 'demo' : 'production', new Date()));
    const { member, link, delivery } = await inviteStaff(
      { db: database.db, clock: createClock(), env },
      { staffId: null, staffEmail: 'npm run staff:add', requestId: null },
      { email, name, roles: [...new Set(roles)] as StaffRoleName[] },
    );
    const how = delivery.mailed ? 'aussi envoyé par e-mail' : 'pas envoyé par e-mail : SMTP_URL n’est pas réglé, transmettez-le vous-même';
    const admin = member.second_factor_required ? '\nÀ sa première connexion, il active sa double authentification (une application comme Google Authenticator, Aegis ou 1Password).' : '';
    process.stdout.write(`${member.name} <${member.email}> ajouté (${member.roles.join(', ')}).\nLien pour choisir son mot de passe (valable 3 jours, une seule fois, ${how}) :\n${link}${admin}\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError || err instanceof DatabaseModeError) return fail(err.message);
    throw err;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
