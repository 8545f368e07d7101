import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Exposes the database opened by buildApp; closing the app closes it. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { database: Database; ownsDatabase: boolean }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.ownsDatabase) app.addHook('onClose', async () => opts.database.close());
});
