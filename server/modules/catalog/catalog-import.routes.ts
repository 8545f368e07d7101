import { basename } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#shared/api/errors';
import { catalogImportFieldsSchema, type StaffRoleName } from '#shared/api/staff';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/staff-session';
import { CATALOG_MAX_BYTES, CatalogImportError, importCatalog, parseCatalogFile, type PhotoSource } from './catalog-import.service';
import { CATALOG } from '#shared/api/routes/catalog';
import { serve } from '../../lib/table-route';

/** A day's catalog and a few phone-sized photos; the file itself is small (CATALOG_MAX_BYTES). */
const UPLOAD_LIMITS = { files: 21, fileSize: 20 * 1024 * 1024, fields: 1, fieldSize: CATALOG_MAX_BYTES, parts: 22, headerPairs: 20 };

/** The catalog sent as a file part, read up to its limit: null past it, the rest of the part discarded unread. */
async function readCatalogPart(file: AsyncIterable<Buffer> & { resume(): unknown }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > CATALOG_MAX_BYTES) {
      file.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
const KITCHEN: StaffRoleName[] = ['cuisine'];

/**
 * The team's catalog import (cuisine, admin): the same file (a field or a file part named
 * `catalog`), checks and transaction as
 * `npm run catalog:import`, from the stock page, with a preview that changes nothing first.
 * Photos come as parts named `photos`, matched to the file's `photo` fields by their file name
 * (a browser sends no folders); they go through the same pipeline.
 */
export const catalogImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });

  await serve(app, CATALOG.postStaffCatalogImport, { config: { staff: KITCHEN, documentedMultipartBody: { fields: catalogImportFieldsSchema, files: 'photos' }, refusals: { 409: ['catalog_import_refused'], 413: [ERROR_CODES.tooLarge] } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.unsupportedMedia, 'Le fichier de la carte s’envoie en multipart/form-data.');
    let text: string | null = null;
    let tooLarge = false;
    const photos = new Map<string, Buffer>();
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'catalog' && typeof part.value === 'string') {
          // Busboy cuts a field at its limit and says so: a cut file would read as broken JSON.
          if (part.valueTruncated) tooLarge = true;
          else text = part.value;
        }
      } else if (part.fieldname === 'catalog') {
        // The page sends the file as it was chosen: a file part.
        text = await readCatalogPart(part.file);
        if (text === null) tooLarge = true;
      } else if (part.fieldname === 'photos') {
        photos.set(basename(part.filename), await part.toBuffer());
      } else {
        await part.toBuffer();
      }
    }
    if (tooLarge) {
      const message = `Le fichier de la carte dépasse ${CATALOG_MAX_BYTES / 1024} Ko : une carte fait quelques dizaines de plats.`;
      throw new AppError(413, ERROR_CODES.tooLarge, message, { catalog: [message] });
    }
    if (text === null) throw new AppError(422, ERROR_CODES.validation, 'Choisissez le fichier de la carte (JSON).', { catalog: ['Choisissez le fichier de la carte (JSON).'] });
    const parsed = parseCatalogFile(text);
    if (!parsed.ok) throw new AppError(422, ERROR_CODES.validation, 'Fichier de la carte invalide : rien n’a été importé.', { catalog: parsed.errors });
    const source: PhotoSource = { mediaDir: app.env.MEDIA_DIR, read: async (name) => photos.get(basename(name)) ?? null };
    const preview = request.query.preview === '1';
    const actor = actorOf(request);
    try {
      const summary = await importCatalog(app.db, parsed.data, source, {
        dryRun: preview,
        onApplied: (tx, done, changes) => audit(tx, actor, { action: 'catalog.import', details: { dates: parsed.data.dates, ...done, ...changes } }, app.clock.now()),
      });
      return { applied: !preview, ...summary };
    } catch (err) {
      if (err instanceof CatalogImportError) throw new AppError(409, 'catalog_import_refused', 'Import refusé : rien n’a été modifié.', { catalog: err.errors });
      throw err;
    }
  });
};
