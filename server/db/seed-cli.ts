/**
 * `npm run db:seed`: migrates then seeds the configured database (idempotent): the reference data,
 * and the demo's customer, codes and orders outside production. Through the owner's address when
 * there is one (docs/operations.md, "Two roles"), after the database's mode is claimed.
 */
import { loadEnv } from '../env';
import { claimDatabaseMode, DatabaseModeError } from './database-mode';
import { openMigratedDatabase } from './open';
import { seed } from './seed';

const env = loadEnv();
try {
  const database = await openMigratedDatabase(env, async (db) => {
    await claimDatabaseMode(db, env.DEMO_DATA ? 'demo' : 'production', new Date());
    await seed(db, new Date(), { demo: env.DEMO_DATA, mediaDir: env.MEDIA_DIR });
  });
  console.log(`Base ${database.kind} migrée ; données de référence${env.DEMO_DATA ? ' et de démonstration' : ''} à jour.`);
  await database.close();
} catch (err) {
  if (!(err instanceof DatabaseModeError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
