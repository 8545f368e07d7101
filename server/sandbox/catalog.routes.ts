import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productAvailabilities, products } from '../db/schema';
import { CatalogImportError, importCatalog, parseCatalogFile } from '../modules/catalog/catalog-import';

const availabilityQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/**
 * Sandbox only: the operator's catalog import (`npm run catalog:import FILE`) over HTTP, for a
 * server whose database no command can reach (the e2e server runs on an in-memory database). The
 * body is the file's JSON; it goes through the same parse, checks and transaction as the command.
 * The day's availability as it stands lets a test build a file that keeps the day and adds to it.
 */
export const sandboxCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/__sandbox/catalog-import', async (request, reply) => {
    const parsed = parseCatalogFile(JSON.stringify(request.body ?? null));
    if (!parsed.ok) return reply.code(422).send({ message: 'Fichier de catalogue invalide, rien n’a été importé.', errors: { file: parsed.errors } });
    try {
      return await importCatalog(app.db, parsed.data);
    } catch (err) {
      if (err instanceof CatalogImportError) return reply.code(409).send({ message: 'Import refusé, rien n’a été modifié.', code: 'catalog_import_refused', errors: { file: err.errors } });
      throw err;
    }
  });

  app.get('/__sandbox/catalog-availability', { schema: { querystring: availabilityQuery } }, async (request) =>
    app.db
      .select({ slug: products.slug, stock: productAvailabilities.stock })
      .from(productAvailabilities)
      .innerJoin(products, eq(products.id, productAvailabilities.productId))
      .where(eq(productAvailabilities.date, request.query.date))
      .orderBy(asc(products.slug)),
  );
};
