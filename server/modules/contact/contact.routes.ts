import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CONTACT_MESSAGES, contactBodySchema, contactResponseSchema } from '#shared/api/contact';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { AppError } from '../../lib/errors';
import { rateLimit } from '../../lib/rate-limit';
import { checkContact, storeCompanyRequest, storeContact } from './contact.service';
import { MAX_CONTACT_BODY_BYTES, MULTIPART_LIMITS, dropFiles, keepFiles, receiveContactForm, type StoredFile } from './uploads';
import { CONTACT } from '#shared/api/routes/contact';
import { serve } from '../../lib/table-route';

const MINUTE = 60 * 1000;
/** Per IP: an office behind one address may send a few; a script may not send many. */
export const CONTACT_LIMITS = {
  contact: { max: 10, windowMs: 15 * MINUTE },
  landing: { max: 10, windowMs: 60 * MINUTE },
} as const;

/** A zod failure as the API's 422 envelope (the errors plugin does the same for route schemas). */
function validationError(error: z.core.$ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return new AppError(422, ERROR_CODES.validation, Object.values(errors)[0]?.[0] ?? MESSAGES.validation, errors);
}

/**
 * The contact form (multipart, files streamed to DATA_DIR) and the companies' landing form (JSON).
 * Multipart is accepted here only: every other route still refuses it.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  await serve(
    app,
    CONTACT.postContact,
    {
      // Read part by part below (files streamed to disk), so documented rather than validated here.
      config: { documentedMultipartBody: { fields: contactBodySchema, files: 'files' } },
      // A declared body past the limit is refused before any of it is read.
      onRequest: async (request, reply) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > MAX_CONTACT_BODY_BYTES) {
          reply.header('connection', 'close');
          throw new AppError(413, ERROR_CODES.tooLarge, CONTACT_MESSAGES.totalTooBig, { files: [CONTACT_MESSAGES.totalTooBig] });
        }
      },
      preHandler: rateLimit({ name: 'contact', ...CONTACT_LIMITS.contact }),
      // A new message is 201, a retried one already stored 200: the same answer.
      schema: { response: { 200: contactResponseSchema, 201: contactResponseSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.unsupportedMedia, 'Ce formulaire s’envoie en multipart/form-data.');
      const dataDir = app.env.DATA_DIR;
      const { fields, files } = await receiveContactForm(request, dataDir);
      let stored: StoredFile[] = [];
      try {
        const parsed = contactBodySchema.safeParse(fields);
        if (!parsed.success) throw validationError(parsed.error);
        const checked = await checkContact(app, parsed.data, request.session?.customerId ?? null, files.length);
        stored = await keepFiles(files, dataDir, app.clock.now(), request.ip);
        const result = await storeContact(app, parsed.data, checked, stored);
        // A retried submission already stored: its first files stay, these go.
        if (!result.created) await dropFiles(stored.map((f) => f.absolutePath));
        return reply.code(result.created ? 201 : 200).send({ message: CONTACT_MESSAGES.success, id: result.id });
      } catch (error) {
        await dropFiles([...files.map((f) => f.tmpPath), ...stored.map((f) => f.absolutePath)]);
        throw error;
      }
    },
  );

  await serve(app, CONTACT.postLandingPageContact, { preHandler: rateLimit({ name: 'landing', ...CONTACT_LIMITS.landing }), schema: { response: { 200: contactResponseSchema, 201: contactResponseSchema } } }, async (request, reply) => {
    const result = await storeCompanyRequest(app, request.body);
    return reply.code(result.created ? 201 : 200).send({ message: CONTACT_MESSAGES.success, id: result.id });
  });
};
