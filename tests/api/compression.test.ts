import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESS_MIN_BYTES } from '../../server/plugins/api-compression';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const menus = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/menus', headers });

describe('API answers compressed as the client accepts', () => {
  it('sends the day’s menus in brotli, the same JSON once decoded, varying on the encoding too', async () => {
    const plain = await menus();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await menus({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    // What the route said is kept: the answer is public, and varies on the cookie as it did.
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(String(br.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining([expect.stringMatching(/^cookie$/i), 'accept-encoding']));
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // Kept once compressed: the next customer gets the same bytes.
    const again = await menus({ 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('falls back on gzip, and sends it plain to a client that refuses both', async () => {
    const plain = await menus();
    const gzip = await menus({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await menus({ 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('weakens the tag of a compressed answer, and the same tag still answers 304 in either form', async () => {
    const plain = await menus();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const br = await menus({ 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(`W/${etag}`);
    expect((await menus({ 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await menus({ 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('leaves small answers and errors as they are', async () => {
    const settings = await t.app.inject({ url: '/api/settings', headers: { 'accept-encoding': 'br' } });
    expect(settings.statusCode).toBe(200);
    expect(settings.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(settings.headers['content-encoding']).toBeUndefined();
    expect(settings.json()).toEqual(expect.any(Object));
    const missing = await t.app.inject({ url: '/api/products/plat-qui-nexiste-pas', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });
});
