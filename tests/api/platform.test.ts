import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { isDatabaseUnavailable } from '../../server/plugins/errors';
import { MESSAGES } from '#shared/api/messages';
import { createTestApp, visitor, type TestApp } from './helpers';

/** A tiny fake build, to test how dist/ is served. */
function fakeDist() {
  const dir = mkdtempSync(join(tmpdir(), 'popote-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Popote"}');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build writes beside its text files (scripts/precompress.ts).
  for (const file of ['assets/index-abc123.js']) {
    const source = readFileSync(join(dir, file));
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(source));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(source));
  }
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ distDir: fakeDist() });
});
afterAll(() => t.close());

describe('errors and unknown paths', () => {
  it('answers unknown /api paths with a JSON 404 envelope', async () => {
    for (const url of ['/api/nope', '/api/menus/zzz/extra', '/api']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Ressource introuvable.', code: 'not_found' });
    }
  });

  it('answers malformed JSON with a 400 envelope, not a stack trace', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', '{"email": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'La requête est mal formée.', code: 'bad_request' });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', { email: 'a'.repeat(300_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('refuses an unsupported content type with 415', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', 'email=a@b.fr', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await t.app.inject('/api/state');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The browser geocodes with the national address API when no Google key is configured.
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://api-adresse.data.gouv.fr https://tiles.openfreemap.org");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only when the site is served over HTTPS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('GET /api/csrf-cookie', () => {
  it('creates a session and sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject('/api/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toMatch(/^[\w-]{40,}$/);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(res.cookies.find((c) => c.name === 'popote_session')?.httpOnly).toBe(true);
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('counts connection failures and a saturated pool as the database unavailable (503), not a fault', () => {
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
  });

  it('reports it down with 503, session cookie or not, while other routes answer the 503 envelope', async () => {
    // A PostgreSQL nobody listens for: every connection is refused.
    const unreachable = await openDatabase('postgres://postgres@127.0.0.1:9/popote');
    const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: unreachable, logger: false, distDir: '/nonexistent-dist' });
    try {
      for (const cookie of [undefined, 'popote_session=0123456789abcdef']) {
        const res = await app.inject({ url: '/api/health', headers: cookie ? { cookie } : {} });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
      }
      const cart = await app.inject({ url: '/api/cart', headers: { cookie: 'popote_session=0123456789abcdef' } });
      expect(cart.statusCode).toBe(503);
      expect(cart.json()).toEqual({ message: MESSAGES.unavailable, code: 'service_unavailable' });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe('serving the built PWA', () => {
  it('answers page paths with the JSON 404 when no server-rendering build is there (pages are tested in the browser)', async () => {
    for (const url of ['/', '/passer-commande', '/une-page-inconnue?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
    }
  });

  it('caches hashed assets forever and revalidates the service worker and manifest', async () => {
    expect((await t.app.inject('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends the precompressed file the browser accepts, under the same cache rules', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync('console.log(1)'))).toBe(true);
    const gzip = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing asset with 404 rather than the shell', async () => {
    const res = await t.app.inject('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
  });
});
