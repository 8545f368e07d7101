/** `npm run db:seed`: migrates then seeds the configured database (idempotent). */
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
try {
  await migrate(database);
  await seed(database.db, new Date());
  console.log(`Base ${database.kind} migrée et données de démonstration à jour.`);
} finally {
  await database.close();
}
