import { existsSync } from 'node:fs';
import { EnvError, loadEnv, type Env } from '../env';

/**
 * A command's configuration (npm run …): `.env` when there is one, then the environment checked as
 * the server checks it. Null when it is wrong, every problem printed in French on stderr.
 */
export function commandEnv(): Env | null {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadEnv();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(['La configuration est invalide :', ...err.problems.map((p) => `  ${p}`)].join('\n'));
    return null;
  }
}
