/**
 * `npm run db:seed`: migrates then seeds the configured database (idempotent): the reference data,
 * and the demo's customer, codes and orders outside production.
 */
import { loadEnv } from '../env';
import { openMigratedDatabase } from './open';
import { seed } from './seed';

const env = loadEnv();
const database = await openMigratedDatabase(env);
try {
  await seed(database.db, new Date(), { demo: env.DEMO_DATA, mediaDir: env.MEDIA_DIR });
  console.log(`Base ${database.kind} migrée ; données de référence${env.DEMO_DATA ? ' et de démonstration' : ''} à jour.`);
} finally {
  await database.close();
}
