/**
 * `npm run db:seed`: migrates then seeds the configured database (idempotent): the reference data,
 * and the demo's customer, codes and orders outside production.
 */
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { claimDatabaseMode, DatabaseModeError } from './database-mode';
import { migrate } from './migrate';
import { seed } from './seed';

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
try {
  await migrate(database);
  await claimDatabaseMode(database.db, env.DEMO_DATA ? 'demo' : 'production', new Date());
  await seed(database.db, new Date(), { demo: env.DEMO_DATA, mediaDir: env.MEDIA_DIR });
  console.log(`Base ${database.kind} migrée ; données de référence${env.DEMO_DATA ? ' et de démonstration' : ''} à jour.`);
} catch (err) {
  if (!(err instanceof DatabaseModeError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
