import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the fake renderer has done in this process: pages drawn whole, and unknown ones it only recognised. */
export interface FakeRenders {
  drawn: string[];
  recognised: string[];
}

const COUNTS = '__popoteFakeRenders';

/** The fake renderer's counts (shared through globalThis: the server loads it with its own import). */
export function fakeRenders(): FakeRenders {
  const store = globalThis as unknown as Record<string, FakeRenders | undefined>;
  return (store[COUNTS] ??= { drawn: [], recognised: [] });
}

/**
 * The renderer's contract as src/entry-server.tsx keeps it (renderPage with request, nonce,
 * shell, skipNotFound; the inline earlyScript), without React: a few known pages, a 404 for any other path, each script
 * under the answer's nonce. `skipNotFound`: an unknown page answers 404 with no body, undrawn.
 */
const RENDERER = `
const KNOWN = /^\\/(|contact|compte\\/mot-de-passe(\\/[^/]+)?)$/;
const counts = (globalThis.${COUNTS} ??= { drawn: [], recognised: [] });
export const earlyScript = 'window.__popoteEarly = true;';
export async function renderPage({ request, nonce, shell, skipNotFound }) {
  const path = decodeURIComponent(new URL(request.url).pathname);
  const status = shell || KNOWN.test(path) ? 200 : 404;
  if (status === 404 && skipNotFound) {
    counts.recognised.push(path);
    return new Response(null, { status });
  }
  counts.drawn.push(path);
  const title = status === 404 ? 'Oups' : 'Popote';
  return new Response(
    '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8" nonce="' + nonce + '"/><title>' + title + '</title></head>' +
      '<body><h1>' + title + '</h1><script nonce="' + nonce + '">window.$_TSR = { drawnAt: ' + Date.now() + ' };</script></body></html>',
    { status, headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
}
`;

/** A build with a fake page renderer: its dist directory and its renderer's file, for createTestApp. */
export function fakeBuild(): { distDir: string; ssrEntry: string } {
  const distDir = mkdtempSync(join(tmpdir(), 'popote-pages-'));
  mkdirSync(join(distDir, '.vite'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'boot.js'), '');
  writeFileSync(join(distDir, 'assets', 'main.js'), '');
  writeFileSync(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'boot.ts': { file: 'assets/boot.js', isEntry: true }, 'main.tsx': { file: 'assets/main.js', isEntry: true } }),
  );
  const ssrEntry = join(distDir, 'entry-server.mjs');
  writeFileSync(ssrEntry, RENDERER);
  return { distDir, ssrEntry };
}
