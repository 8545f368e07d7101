import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderApiReference, API_REFERENCE_CSS, type OpenApiDocument } from '../lib/api-reference-html';
import { isRateLimited } from '../lib/rate-limit';
import { completeDocument, operationIdOf, refusalsExtension, refusalsOf, REFUSALS_EXTENSION, securityOf, SECURITY_SCHEMES, type RouteRules } from './openapi-contract';
import { PLATFORM } from '#shared/api/routes/platform';
import { API_PREFIX } from '#shared/api/route-table';
import { serve } from '../lib/table-route';

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
const isPublicApi = (url: string) => url.startsWith(API_PREFIX);

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
 * Each operation's security, operationId and refusals are derived here from its route's method,
 * path and config (./openapi-contract.ts), never written per route; `servers` is PUBLIC_URL.
 * `redocly lint` checks the result (tests/api/openapi-lint.test.ts, redocly.yaml).
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
      servers: [{ url: app.env.PUBLIC_URL, description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (document) => {
      const { url, route } = document;
      if (!isPublicApi(url)) return { schema: { hide: true }, url };
      const multipart = route.config?.documentedMultipartBody;
      let transformed;
      if (!multipart) transformed = jsonSchemaTransform(document);
      else {
        const withFields = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: multipart.fields } });
        const body = withFields.schema.body as { properties?: Record<string, unknown> };
        if (multipart.files) body.properties = { ...body.properties, [multipart.files]: { type: 'array', items: { type: 'string', format: 'binary' } } };
        transformed = { url: withFields.url, schema: { ...withFields.schema, consumes: ['multipart/form-data'] } };
      }
      const method = [route.method].flat().join('');
      const rules: RouteRules = route.config ?? {};
      const schema = transformed.schema as Record<string, unknown>;
      const rateLimited = isRateLimited(route.onRequest) || isRateLimited(route.preValidation) || isRateLimited(route.preHandler);
      const refusals = refusalsOf(method, url, rules, { body: schema.body, querystring: schema.querystring, params: schema.params, rateLimited });
      return {
        url: transformed.url,
        schema: {
          ...schema,
          operationId: typeof schema.operationId === 'string' ? schema.operationId : operationIdOf(method, url),
          security: securityOf(method, url, rules),
          [REFUSALS_EXTENSION]: refusalsExtension(refusals),
        },
      };
    },
    transformObject: (documentObject) => ('openapiObject' in documentObject ? completeDocument(documentObject.openapiObject) : documentObject.swaggerObject),
  });
}, { name: 'openapi-collector' });

export const apiReferenceRoutes = fp(async function apiReferenceRoutes(app: FastifyInstance) {
  let cached: { json: string; html: string } | null = null;
  /** Built on first request, once every route is registered, then kept: routes never change. */
  const reference = () => {
    if (!cached) {
      const document = app.swagger() as OpenApiDocument;
      cached = { json: JSON.stringify(document), html: renderApiReference(document, PLATFORM.getDocsCss.path) };
    }
    return cached;
  };

  const anyDocument = z.looseObject({ openapi: z.string() });
  const text = (type: string) => ({ description: type, content: { [type]: { schema: z.string() } } });

  await serve(app, PLATFORM.getOpenapiJson, { config: { session: false }, schema: { response: { 200: anyDocument } } }, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(reference().json));
  await serve(app, PLATFORM.getDocs, { config: { session: false }, schema: { response: { 200: text('text/html') } } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(reference().html));
  await serve(app, PLATFORM.getDocsCss, { config: { session: false }, schema: { response: { 200: text('text/css') } } }, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(API_REFERENCE_CSS));
}, { name: 'api-reference', dependencies: ['openapi-collector'] });
