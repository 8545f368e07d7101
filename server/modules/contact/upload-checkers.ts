import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_HEAP_MB } from './check-limits';
import type { CheckAnswer, CheckRequest } from './upload-check-process';

/*
 * The upload check's processes (upload-check-process.ts), for upload-check.ts: started ahead,
 * handed a file, killed past the time limit.
 *
 * Why a child process and not a worker thread, as it was: a worker is ended with terminate(),
 * which stops its JavaScript wherever it is and then frees its environment inside the server's
 * process. Stopped between the creation of a zlib handle and its initialisation (the check
 * inflates every stream of a PDF, every entry of a .docx), the freeing trips an assertion of
 * Node's (node_zlib.cc, "close before init") that aborts the whole process: a file made to run
 * to the time limit killed the server about once in 160 such checks (a vitest fork aborted in a
 * CI rehearsal; reproduced here, docs/reliability.md). A killed child process takes nothing with
 * it: SIGKILL, no teardown to go wrong.
 *
 * Ending the check cooperatively inside the worker instead (a deadline checked between streams,
 * terminate() only outside zlib) cannot be made complete: a synchronous inflate (up to 32 MB)
 * or a regular expression cannot be interrupted, so a worker past its limit must still be
 * terminated; doing so only outside zlib needs a lock shared with the worker around every zlib
 * call, and zlib is only the teardown hazard seen so far (the worker also holds file reads and
 * streams). The deadline is kept, as a backstop of the process (upload-check-process.ts).
 *
 * Its cost: a process starts in about the time a worker did (0.15 s built, and from the
 * sources once bundled) and holds more memory (18 MB of its own idle against 10 MB), so, as with
 * workers, one is kept loaded ahead and a process that answered is reused; a file's check in the
 * quick lane gains the IPC round trip, well under a millisecond on a quiet machine.
 */

/** A process that has not loaded by then is a broken install, not a bad file. */
const STARTUP_LIMIT_MS = 30_000;

/** Loaded processes waiting for a file: kept, since loading one takes about 0.15 s. */
const idle: ChildProcess[] = [];
/** A spare being loaded while a check runs, for the next file in line. */
let warming: Promise<void> | null = null;

/**
 * From the sources (tsx, vitest): the process's entry bundled as the build bundles it (esbuild),
 * once per version of its sources, into the temporary directory. Through tsx's loader a process
 * took 0.5 s to start, 1 to 1.5 s on the loaded machine: more than a quick lane's slice, so each
 * slow file of a burst held the queue that much longer (the queue test's honest application
 * waited 2 s more). Bundled, it starts as the built one does.
 */
let bundled: Promise<string> | undefined;
function bundledFromSources(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL('./upload-check-process.ts', import.meta.url));
    const { outputFiles } = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'warning' });
    const code = outputFiles[0]!.contents;
    const path = join(tmpdir(), `popote-upload-check-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    // Written aside then renamed: a test process starting one from the same file never reads it half written.
    const aside = `${path}.${process.pid}`;
    await writeFile(aside, code);
    await rename(aside, path);
    return path;
  })().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

/**
 * A new process, from the same place the server runs from: built, upload-check-process.mjs beside
 * dist-server/index.mjs (scripts/build-server.mjs); from the sources, its bundle (above). Its heap
 * is bounded as the worker's was; it gets none of the server's environment (database address,
 * keys): it reads hostile files and needs none of it.
 */
async function spawn(): Promise<ChildProcess> {
  const execArgv = [`--max-old-space-size=${CHECK_HEAP_MB}`, '--expose-gc', ...(process.sourceMapsEnabled ? ['--enable-source-maps'] : [])];
  const entry = import.meta.url.endsWith('.ts') ? await bundledFromSources() : fileURLToPath(new URL('./upload-check-process.mjs', import.meta.url));
  // stderr shared with the server's: Node's own fatal errors (out of heap) land in its log.
  const child = fork(entry, [], { execArgv, env: {}, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // An idle process never keeps the server alive; a check in progress has its timer for that.
  // When the server's process ends, however it ends, the channel closes and the child exits
  // (upload-check-process.ts).
  child.unref();
  child.channel?.unref();
  child.once('exit', () => {
    const at = idle.indexOf(child);
    if (at >= 0) idle.splice(at, 1);
  });
  return child;
}

export type Outcome = { answer: CheckAnswer | 'ready' } | { timedOut: true } | { outOfMemory: true };

/**
 * The process's next message (its answer, or 'ready'), unless the limit passes or it dies first.
 * Its death by SIGABRT is Node's end on a fatal error, out of heap in practice ("Reached heap
 * limit"): the file is as too complex as it was for a worker out of memory.
 */
export function next(child: ChildProcess, limitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(() => resolve({ timedOut: true })), limitMs);
    const onMessage = (answer: CheckAnswer | 'ready') => settle(() => resolve({ answer }));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() => (signal === 'SIGABRT' ? resolve({ outOfMemory: true }) : reject(new Error(`The upload check's process stopped (${signal ?? `exit code ${code}`}).`))));
    function settle(then: () => void) {
      clearTimeout(timer);
      child.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    }
    child.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** Hands a file to a loaded process; the time limit is the caller's, this one's own is a backstop. */
export function hand(child: ChildProcess, request: CheckRequest): void {
  child.send(request);
}

/** Kills a process (checking or not) and waits for its end: nothing of its check runs on. */
export async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Held until it has ended: an unreferenced child's exit would not keep a script alive to hear it.
  child.ref();
  child.kill('SIGKILL');
  await exited;
}

/** A process loaded and ready for a file. */
export async function load(): Promise<ChildProcess> {
  const child = await spawn();
  const loaded = await next(child, STARTUP_LIMIT_MS).catch(() => null);
  if (loaded && 'answer' in loaded && loaded.answer === 'ready') return child;
  await end(child);
  throw new Error("The upload check's process did not start.");
}

/** Loads a spare in the background, so the next file in line does not wait for a process's start. */
export function warmSpare(): void {
  if (warming || idle.length > 0) return;
  warming = load().then(
    (child) => {
      idle.push(child);
      warming = null;
    },
    // A process that cannot start is reported by the next check, which loads its own.
    () => {
      warming = null;
    },
  );
}

/** A loaded process: the spare, or one loaded now. */
export async function take(): Promise<ChildProcess> {
  if (idle.length === 0 && warming) await warming;
  return idle.pop() ?? load();
}

/** A process that answered, for the next file. */
export function putBack(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) idle.push(child);
}
