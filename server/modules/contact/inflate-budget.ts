import { createInflate, createInflateRaw, inflateRawSync, inflateSync } from 'node:zlib';
import { MAX_INFLATED_BYTES, TooComplexError } from './check-limits';

/** 'zlib': a PDF's FlateDecode stream (2-byte header); 'raw': a ZIP entry's deflate data. */
type DeflateFormat = 'zlib' | 'raw';

/**
 * Whether zlib would inflate anything from a stream with this 2-byte header: deflate, a window
 * zlib accepts, a valid check, no preset dictionary. Any other header fails before a byte is
 * inflated, so nothing needs trying (or counting): an image's JPEG data, raw samples.
 */
function inflatableZlibHeader(data: Buffer): boolean {
  if (data.length < 2) return false;
  const cmf = data[0]!;
  const flg = data[1]!;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * One file's allowance of inflated bytes (MAX_INFLATED_BYTES), shared by all its streams and
 * entries. Every byte zlib produces is counted, including those of a stream that fails partway
 * or passes the limit: otherwise each failing stream would start from a fresh allowance and a
 * file could make the check inflate gigabytes. Past the allowance the file is too complex.
 */
export class InflateBudget {
  private used = 0;

  /**
   * `deadline` (performance.now() time): past it the next stream is not inflated and the file is
   * too complex. A backstop of the check's process for when the server cannot end it
   * (upload-check-process.ts); the time limit itself is the server's kill.
   */
  constructor(
    private readonly limit = MAX_INFLATED_BYTES,
    private readonly deadline = Infinity,
  ) {}

  /** Bytes inflated so far. */
  get inflated(): number {
    return this.used;
  }

  /**
   * The stream's content, or null when it is not deflate data or is damaged (it inflated what it
   * could, counted). Throws TooComplexError once the file's allowance is spent.
   */
  async inflate(data: Buffer, format: DeflateFormat): Promise<Buffer | null> {
    if (performance.now() > this.deadline) throw new TooComplexError('time');
    if (format === 'zlib' && !inflatableZlibHeader(data)) return null;
    const remaining = this.limit - this.used;
    if (remaining <= 0) throw new TooComplexError('inflated bytes');
    try {
      // Synchronous (this runs in the check's own process): one call, no thread-pool round trip.
      const content = (format === 'zlib' ? inflateSync : inflateRawSync)(data, { maxOutputLength: remaining });
      this.used += content.length;
      return content;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        this.used = this.limit;
        throw new TooComplexError('inflated bytes');
      }
      // Damaged partway: zlib dropped what it had inflated without saying how much. The same bytes
      // go again through a stream, whose chunks can be counted as they come.
      await this.countUntilFailure(data, format);
      if (this.used > this.limit) throw new TooComplexError('inflated bytes');
      return null;
    }
  }

  private countUntilFailure(data: Buffer, format: DeflateFormat): Promise<void> {
    return new Promise((resolve) => {
      const stream = format === 'zlib' ? createInflate() : createInflateRaw();
      stream.on('data', (chunk: Buffer) => {
        this.used += chunk.length;
        if (this.used > this.limit) stream.destroy();
      });
      stream.on('error', () => resolve());
      stream.on('end', () => resolve());
      stream.on('close', () => resolve());
      stream.end(data);
    });
  }
}
