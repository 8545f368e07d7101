import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A server the bench started in its own process (so the load generator never shares its event loop). */
export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** Resident memory of the server process now, in MB (Linux /proc). */
  rssMb(): number | null;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function rssOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s:\n${log()}`);
}

/** The production server, compiled (scripts/build-server.mjs; bench/run.ts builds it first), as `npm run serve` runs it. */
export const POPOTE_SERVER = 'dist-server/index.mjs';

/**
 * Starts an entry point with its own environment (and Node options, such as a profiler's) and
 * waits until `readyPath` answers 200: compiled JavaScript as it is, TypeScript (the floors)
 * through tsx.
 */
export async function startServer(name: string, script: string, port: number, env: Record<string, string>, readyPath: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script])], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of what it prints, to explain a failed start.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url + readyPath, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  // A server that dies during a run says why (its figures would otherwise read as mere errors).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`${name} exited (${code ?? signal}) during the run:\n${output}\n`);
  });
  return {
    name,
    url,
    pid: child.pid!,
    rssMb: () => rssOf(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
