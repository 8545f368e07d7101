import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, pickEncoding } from '../../server/lib/content-encoding';

describe('the encoding of an answer', () => {
  it('prefers brotli, then gzip, then none, as the browser accepts them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('never picks a coding refused with q=0, and reads * for the codings not named', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('BR;Q=0.5')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
  });

  it('compresses a text so that it decodes to itself', async () => {
    const text = `<!doctype html><p>Déjeuner à la lyonnaise</p>${'<li>Salade lyonnaise 9,90 €</li>'.repeat(200)}`;
    const br = await compress(text, 'br');
    expect(br.length).toBeLessThan(Buffer.byteLength(text) / 5);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(await compress(text, 'gzip')).toString()).toBe(text);
  });
});
