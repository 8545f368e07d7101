import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { attachReadCache } from '../lib/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Exposes the database opened by buildApp, with its in-process read cache; closing the app closes it. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { database: Database; ownsDatabase: boolean }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  const detachCache = attachReadCache(opts.database);
  app.addHook('onClose', async () => {
    detachCache();
    if (opts.ownsDatabase) await opts.database.close();
  });
}, { name: 'db' });
