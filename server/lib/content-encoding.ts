import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli, else gzip, else none.
 * A coding the client refuses (`;q=0`) is never chosen, and `*` stands for those it does not name.
 */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A text compressed for the wire, off the event loop (zlib's thread pool). Brotli at quality 5:
 * a page is rendered for each answer, so compression must cost a few milliseconds, not the
 * hundreds of the build's quality 11, for most of its gain.
 */
export function compress(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }) : gzipped(text);
}
