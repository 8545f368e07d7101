import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds only when a source is newer than the last build, then starts the server.
 * The last step of `npm run build` writes dist-server/ssr/entry-server.js, so its time stamps the
 * whole build; a build cut short leaves it older than the sources (or missing) and is redone.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src', 'server', 'sw', 'public', 'scripts/build-server.mjs', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'manifest.webmanifest'];
const stamp = join(root, 'dist-server/ssr/entry-server.js');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(stamp) && existsSync(join(root, 'dist/.vite/manifest.json')) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newest(join(root, input))));
if (changedAt > builtAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
} else {
  console.log('The build is up to date with the sources (npm run build forces one).');
}

process.setSourceMapsEnabled(true);
await import(new URL('../dist-server/index.mjs', import.meta.url).href);
