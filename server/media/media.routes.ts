import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '#shared/api/messages';
import { ERROR_CODES } from '#shared/api/error-codes';

/** A variant's name as the pipeline writes it: `<16 hex>-<width>.<ext>`, nothing else (no path, no manifest). */
const VARIANT_NAME = /^[0-9a-f]{16}-\d{1,5}\.(avif|webp|jpg)$/;
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * GET /media/<name>: the dish photos' variants, from the media directory (MEDIA_DIR). A name is the
 * hash of its photo, so its bytes never change: browsers and proxies keep it a year without asking.
 * A reverse proxy may serve the directory itself under the same rule (docs/operations.md).
 */
export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, { mediaDir }) => {
  app.get<{ Params: { name: string } }>('/media/:name', { config: { session: false } }, async (request, reply) => {
    const { name } = request.params;
    const size = VARIANT_NAME.test(name) ? await stat(join(mediaDir, name)).then((s) => (s.isFile() ? s.size : null), () => null) : null;
    if (size === null) return reply.code(404).header('cache-control', 'no-store').send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
    return reply
      .type(TYPES[name.slice(name.lastIndexOf('.') + 1)]!)
      .header('content-length', size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(join(mediaDir, name)));
  });
};
