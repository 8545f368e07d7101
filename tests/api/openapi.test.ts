import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_METHODS, type OpenApiDocument, type OpenApiOperation } from '../../server/lib/api-reference-html';
import type { ApiRoute } from '#shared/api/route-table';
import { API_ROUTES } from '#shared/api/routes/index';
import { createTestApp, type TestApp } from './helpers';

/**
 * Changes that take no body (the session says which cart, which order…). A new route that reads a
 * body must declare its schema, so the reference shows it; one that reads none is added here.
 */
const BODILESS = new Set([
  'POST /api/logout',
  'POST /api/cart/cutlery',
  'DELETE /api/cart/cutlery',
  'POST /api/cart/tote-bags',
  'DELETE /api/cart/tote-bags',
  'POST /api/cart/deposits',
  'DELETE /api/cart/deposits',
  'DELETE /api/cart/discounts',
  'POST /api/cart/validate',
  'POST /api/cart/order',
  'POST /api/pending-order',
  'POST /api/pending-order/pool',
  'POST /api/payment',
  'POST /api/payment/paygreen',
  'POST /api/payment/paygreen/cancel',
  'POST /api/orders/:id/balance',
  'POST /api/orders/:id/balance/card/:po/cancel',
  'POST /api/staff/orders/:id/paper-vouchers/confirm',
  'POST /api/staff/logout',
  'POST /api/staff/members/:id/link',
  'POST /api/staff/members/:id/second-factor/reset',
  'POST /api/staff/second-factor/enrolment',
  'POST /api/staff/orders/:id/refunds/retry',
  'POST /api/staff/rounds/:id/close',
  'POST /api/staff/closing/:date/close',
  'POST /api/staff/remittances/:id/sent',
  'POST /api/edenred/oauth-url',
  'POST /api/edenred/logout',
  'POST /api/payment/edenred/refund/:id/order',
  'POST /api/payment/edenred/session',
]);

/** Fastify's `/api/menus/:id` as OpenAPI writes it: `/api/menus/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let t: TestApp;
let doc: OpenApiDocument;
/** Every /api route as Fastify registered it (HEAD answers with its GET). */
let apiRoutes: { method: string; url: string }[];

beforeAll(async () => {
  // The sandbox is on in tests: its routes must still stay out of the reference.
  t = await createTestApp();
  expect(t.app.env.SANDBOX).toBe(true);
  const res = await t.app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json() as OpenApiDocument;
  apiRoutes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
});
afterAll(() => t.close());

function operationOf(method: string, url: string): OpenApiOperation | undefined {
  return doc.paths[openApiPath(url)]?.[method.toLowerCase()];
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const method of Object.keys(item)) expect(HTTP_METHODS as readonly string[]).toContain(method);
    }
  });

  it('holds every /api route with its method, and nothing else (no sandbox, pages or metrics)', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    for (const { method, url } of apiRoutes) expect(operationOf(method, url), `${method} ${url}`).toBeDefined();
    const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(documented).toBe(apiRoutes.length);
    expect(JSON.stringify(Object.keys(doc.paths))).not.toMatch(/__sandbox|metrics|robots|sitemap/);
  });

  it('gives every route a summary', () => {
    for (const { method, url } of apiRoutes) expect(operationOf(method, url)!.summary, `${method} ${url}`).toBeTruthy();
  });

  it('gives every route that reads a body its request schema', () => {
    for (const { method, url } of apiRoutes) {
      const key = `${method} ${url}`;
      const op = operationOf(method, url)!;
      if (method === 'GET') {
        expect(op.requestBody, key).toBeUndefined();
        continue;
      }
      if (BODILESS.has(key)) {
        expect(op.requestBody, `${key} is listed as bodiless`).toBeUndefined();
        continue;
      }
      const content = op.requestBody?.content ?? {};
      expect(Object.keys(content), `${key}: no request body schema`).not.toHaveLength(0);
      // An object, or one of several objects (a stock change is a cap or a sold-out flag).
      for (const media of Object.values(content)) {
        const schema = media.schema as { type?: string; anyOf?: { type?: string }[] };
        const shapes = schema.anyOf ?? [schema];
        for (const shape of shapes) expect(shape, key).toMatchObject({ type: 'object' });
      }
    }
    // The contact form is multipart, files included.
    const contact = operationOf('POST', '/api/contact')!.requestBody!.content!['multipart/form-data']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(contact.properties)).toEqual(expect.arrayContaining(['message', 'email', 'files']));
  });

  it('gives every route a response schema (an answer without a body, 204 or redirect, its description)', () => {
    for (const { method, url } of apiRoutes) {
      const key = `${method} ${url}`;
      const responses = Object.entries(operationOf(method, url)!.responses ?? {});
      const success = responses.filter(([status]) => /^[23]\d\d$/.test(status));
      expect(success.length, `${key}: no response schema`).toBeGreaterThan(0);
      for (const [status, response] of success) {
        if (status === '204' || status.startsWith('3')) {
          expect(response.description, key).toBeTruthy();
          continue;
        }
        const schemas = Object.values(response.content ?? {}).map((m) => m.schema);
        expect(schemas.length, `${key} ${status}: no schema`).toBeGreaterThan(0);
        for (const schema of schemas) expect(schema, key).toBeTruthy();
      }
    }
  });
});

describe('the route table (src/shared/api/routes/)', () => {
  const entries = Object.values(API_ROUTES).flatMap((domain) => Object.entries(domain as Record<string, ApiRoute>));

  it('holds every /api route the server serves, and only those: the API is written once', () => {
    const served = apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const table = entries.map(([, route]) => `${route.method} ${route.path}`).sort();
    expect(table).toEqual(served);
  });

  it('names each route by its operationId, and documents it with its summary', () => {
    for (const [name, route] of entries) {
      const operation = operationOf(route.method, route.path);
      expect((operation as { operationId?: string } | undefined)?.operationId, `${route.method} ${route.path}`).toBe(name);
      expect(operation?.summary).toBe(route.summary);
    }
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page naming every route, without scripts, styled from this origin', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The app's CSP applies unchanged: no inline script, nothing from elsewhere.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(/<script/i.test(res.body)).toBe(false);
    expect(/(src|href)="https?:/.test(res.body)).toBe(false);
    for (const { method, url } of apiRoutes) {
      expect(res.body.includes(`${method}</span> <code>${openApiPath(url)}</code>`), `${method} ${url}`).toBe(true);
    }
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(res.body)?.[1];
    expect(stylesheet).toBe('/api/docs.css');
    const css = await t.app.inject(stylesheet!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('escapes what it shows', async () => {
    const res = await t.app.inject('/api/docs');
    // Patterns and descriptions are shown as text: no raw angle bracket from a schema.
    const pres = [...res.body.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => m[1]!);
    expect(pres.length).toBeGreaterThan(40);
    for (const pre of pres) expect(pre).not.toMatch(/[<>]/);
  });
});
