import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderApiReference, API_REFERENCE_CSS, type OpenApiDocument } from '../lib/api-reference-html';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart body the handler reads and checks itself (Fastify must not validate it): its
     * fields' schema and the name of its file parts, for the API reference only.
     */
    documentedMultipartBody?: { fields: z.core.$ZodType; files?: string };
  }
}

/** Only the public JSON API is documented. */
const isPublicApi = (url: string) => url.startsWith('/api/');

/**
 * The API reference, generated from the zod schemas each route already validates with:
 * `GET /api/openapi.json` (OpenAPI 3.1) and `GET /api/docs` (an HTML page rendered here from that
 * document: no script, no outside origin, one stylesheet of this origin, so the strict CSP holds).
 *
 * `openApiCollector` is registered before any route (plugins add some too, e.g. the anti-forgery
 * cookie's): @fastify/swagger collects them as they are added. `apiReferenceRoutes` serves it.
 *
 * The sandbox's routes (`/__sandbox/*`) are never in it, sandbox on or off: they emulate the
 * payment providers' APIs and drive tests (clock, mailbox), they are not Popote's API, and a
 * reference whose content changes with a setting would differ between demo and production. Pages,
 * static files, robots.txt, sitemap.xml and /metrics are not API either.
 *
 */
export const openApiCollector = fp(async function openApiCollector(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Popote API',
        version: '1',
        description:
          'The JSON API of Popote. Changes (any method but GET) need the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header ' +
          '(419 otherwise) and should carry an Idempotency-Key; errors are {message, code?, errors?}. See docs/api.md.',
      },
    },
    transform: (document) => {
      const { url, route } = document;
      if (!isPublicApi(url)) return { schema: { hide: true }, url };
      const multipart = route.config?.documentedMultipartBody;
      if (!multipart) return jsonSchemaTransform(document);
      const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: multipart.fields } });
      const body = transformed.schema.body as { properties?: Record<string, unknown> };
      if (multipart.files) body.properties = { ...body.properties, [multipart.files]: { type: 'array', items: { type: 'string', format: 'binary' } } };
      return { url: transformed.url, schema: { ...transformed.schema, consumes: ['multipart/form-data'] } };
    },
  });
}, { name: 'openapi-collector' });

export const apiReferenceRoutes = fp(async function apiReferenceRoutes(app: FastifyInstance) {
  let cached: { json: string; html: string } | null = null;
  /** Built on first request, once every route is registered, then kept: routes never change. */
  const reference = () => {
    if (!cached) {
      const document = app.swagger() as OpenApiDocument;
      cached = { json: JSON.stringify(document), html: renderApiReference(document, '/api/docs.css') };
    }
    return cached;
  };

  const anyDocument = z.looseObject({ openapi: z.string() });
  const text = (type: string) => ({ description: type, content: { [type]: { schema: z.string() } } });

  app.get(
    '/api/openapi.json',
    { config: { session: false }, schema: { summary: 'This reference as an OpenAPI 3.1 document', response: { 200: anyDocument } } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(reference().json),
  );
  app.get(
    '/api/docs',
    { config: { session: false }, schema: { summary: 'This reference as an HTML page', response: { 200: text('text/html') } } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(reference().html),
  );
  app.get(
    '/api/docs.css',
    { config: { session: false }, schema: { summary: 'The stylesheet of the HTML reference', response: { 200: text('text/css') } } },
    async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(API_REFERENCE_CSS),
  );
}, { name: 'api-reference', dependencies: ['openapi-collector'] });
