import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build (once, at build time, at the highest
 * levels), which the server's static plugin sends to browsers that accept them
 * (@fastify/static `preCompressed`). Nothing is compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'popote-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
