import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateField } from '#shared/api/fields';
import { productAvailabilities, products } from '../db/schema';
import { ERROR_CODES } from '#shared/api/errors';
import { AppError } from '../lib/errors';
import { CATALOG_MAX_BYTES, CatalogImportError, catalogTooLarge, importCatalog, parseCatalogFile, type PhotoSource } from '../modules/catalog/catalog-import.service';

const availabilityQuery = z.object({ date: isoDateField });

/** A few photos of a phone's size. */
const PHOTO_LIMITS = { files: 10, fileSize: 20 * 1024 * 1024, fields: 1, fieldSize: CATALOG_MAX_BYTES, parts: 11, headerPairs: 20 };

/** The catalog (field `catalog`) and its photos, each part named by the path the file gives it. */
async function readUpload(request: FastifyRequest): Promise<{ text: string | null; files: Map<string, Buffer> }> {
  let text: string | null = null;
  const files = new Map<string, Buffer>();
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      // A field cut at its limit would read as broken JSON: refused as too large instead.
      if (part.fieldname === 'catalog' && part.valueTruncated) throw new AppError(413, ERROR_CODES.tooLarge, catalogTooLarge(CATALOG_MAX_BYTES + 1));
      if (part.fieldname === 'catalog' && typeof part.value === 'string') text = part.value;
    } else {
      files.set(part.fieldname, await part.toBuffer());
    }
  }
  return { text, files };
}

/**
 * Sandbox only: the operator's catalog import (`npm run catalog:import FILE`) over HTTP, for a
 * server whose database no command can reach (the e2e server runs on an in-memory database). The
 * body is the file's JSON, or multipart with the JSON in `catalog` and each photo in a part named
 * as the file names it; it goes through the same parse, checks and transaction as the command.
 * The day's availability as it stands lets a test build a file that keeps the day and adds to it.
 */
export const sandboxCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: PHOTO_LIMITS });
  // The file's JSON as sent, for parseCatalogFile: parsed by Fastify first, then stringified back,
  // 3,000 nested lists overflowed the stack, and its errors lost their lines. Only this plugin's
  // routes see it (an encapsulated context).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CATALOG_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post('/__sandbox/catalog-import', async (request, reply) => {
    const upload = request.isMultipart() ? await readUpload(request) : { text: typeof request.body === 'string' ? request.body : '', files: new Map<string, Buffer>() };
    if (upload.text === null) return reply.code(422).send({ message: 'Le champ « catalog » (le fichier JSON) manque, rien n’a été importé.', errors: { catalog: ['Champ obligatoire manquant.'] } });
    const parsed = parseCatalogFile(upload.text);
    if (!parsed.ok) return reply.code(422).send({ message: 'Fichier de catalogue invalide, rien n’a été importé.', errors: { file: parsed.errors } });
    const photos: PhotoSource = { mediaDir: app.env.MEDIA_DIR, read: async (name) => upload.files.get(name) ?? null };
    try {
      return await importCatalog(app.db, parsed.data, photos);
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
