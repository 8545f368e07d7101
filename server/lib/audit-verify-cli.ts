/**
 * `npm run audit:verify`: replays the audit trail's hash chain of the configured database
 * (DATABASE_URL, or the PGlite under DATA_DIR, as the server opens it) and says where it breaks.
 * Exit 0 when it holds, 1 when it is broken or cannot be read. It only reads: the server's runtime
 * role may run it, and it never migrates.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { formatChainReport, verifyAuditChain } from './audit-chain';
import { commandEnv } from './command-env';

function fail(message: string): number {
  console.error(message);
  return 1;
}

async function main(): Promise<number> {
  const env = commandEnv();
  if (!env) return 1;
  const url = env.DATABASE_URL;
  if (url === 'memory://') return fail('DATABASE_URL=memory:// : une base en mémoire n’existe que dans le serveur qui l’a ouverte, il n’y a rien à vérifier ici.');
  // Opening a PGlite directory that does not exist would create an empty database, and report nothing wrong.
  const dir = url?.startsWith('file:') ? url.slice('file:'.length) : url ? null : join(env.DATA_DIR, 'pglite');
  if (dir !== null && !existsSync(dir)) return fail(`Aucune base PGlite dans ${dir} : vérifiez DATA_DIR ou DATABASE_URL.`);

  const database = await openDatabase(url, env.DATA_DIR);
  try {
    const report = await verifyAuditChain(database.db);
    // stdout, not console.log: the report is the command's output; a broken chain exits 1.
    process.stdout.write(`${formatChainReport(report)}\n`);
    return report.breaks.length === 0 ? 0 : 1;
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '42P01') return fail('Cette base n’a pas de chaîne d’audit (migration audit_chain) : démarrez le serveur une fois pour l’appliquer, puis relancez.');
    return fail(`Vérification impossible : ${(err as Error).message}`);
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
