import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');

export interface BuildCopy {
  url: string;
  /** Back to the build as `npm run build` made it. */
  reset(): void;
  /**
   * Deploys "the next build": a service worker whose offline shell has a new revision (the build
   * id), as each build's has. Answers that build id.
   */
  publishNewBuild(): string;
  stop(): Promise<void>;
}


async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A second server, on its own port (its own origin, so its own service worker), serving a copy of
 * dist/ in a temporary folder. Service-worker updates cannot be faked with request routing
 * (a service worker's script cannot be intercepted): the copy is changed on disk as a deploy would.
 */
export async function startBuildCopy(): Promise<BuildCopy> {
  const dir = mkdtempSync(join(tmpdir(), 'popote-build-'));
  cpSync(dist, dir, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve-build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      SANDBOX: '1',
      RATE_LIMIT_FACTOR: '50',
      PUBLIC_URL: url,
      E2E_DIST_DIR: dir,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The copy's server starts from sources (tsx compiles them): a long while on a loaded machine.
  // Its health is what is waited for; the deadline only guards against a hang.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the build copy's server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the build copy’s server did not start within 150 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const original = (file: string) => readFileSync(join(dist, file), 'utf8');
  // The server sends the build's .br / .gz beside a file when the browser takes them: a deploy
  // changes those with the file.
  const COMPRESSED = ['.br', '.gz'];
  const deploy = (file: string, text: string) => {
    writeFileSync(join(dir, file), text);
    if (existsSync(join(dist, `${file}.br`))) writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    if (existsSync(join(dist, `${file}.gz`))) writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  };
  return {
    url,
    reset() {
      for (const suffix of ['', ...COMPRESSED]) if (existsSync(join(dist, `sw.js${suffix}`))) copyFileSync(join(dist, `sw.js${suffix}`), join(dir, `sw.js${suffix}`));
    },
    publishNewBuild() {
      const build = `next-${randomBytes(4).toString('hex')}`;
      // Both offline shells (the shop's, the team's) are new with each build.
      const sw = original('sw.js').replace(/("revision":")[^"]+(","url":"\/(?:equipe\/)?__shell")/g, `$1${build}$2`);
      if (sw === original('sw.js')) throw new Error('the offline shell’s precache entry was not found in sw.js');
      deploy('sw.js', sw);
      return build;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
