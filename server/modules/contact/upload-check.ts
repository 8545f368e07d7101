import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileType } from '#shared/api/contact';
import { CHECK_HEAP_MB, CHECK_TIME_LIMIT_MS } from './check-limits';
import type { CheckAnswer, CheckRequest } from './upload-check-worker';

/** The outcome of one file's check, as keepFiles (uploads.ts) acts on it. */
export type CheckVerdict = { type: FileType } | { refused: 'file_type' | 'too_complex' };

/**
 * Checks running at once: a core is left to the event loop (one check at a time on the 2-core
 * machine); the others wait their turn, holding only a path.
 */
const MAX_RUNNING = Math.max(1, availableParallelism() - 1);
/** A worker that has not loaded by then is a broken install, not a bad file. */
const STARTUP_LIMIT_MS = 30_000;

/** Loaded workers waiting for a file: kept, since loading one takes about 0.2 s built and 1 s from the sources. */
const idle: Worker[] = [];
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running++;
    return;
  }
  // release() hands its place straight to the first one waiting.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * A new worker, from the same place the server runs from: built, upload-check-worker.mjs beside
 * dist-server/index.mjs (scripts/build-server.mjs); from the sources (tsx, vitest), the .ts beside
 * this file. On Node 20 a worker's entry does not go through the loader hooks of `--import tsx`,
 * so from the sources the worker registers tsx first, then imports its TypeScript entry.
 */
function spawn(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: CHECK_HEAP_MB } };
  let worker: Worker;
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./upload-check-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    worker = new Worker(boot, { ...options, eval: true, execArgv: [] });
  } else {
    worker = new Worker(new URL('./upload-check-worker.mjs', import.meta.url), options);
  }
  // An idle worker never keeps the process alive; a check in progress has its timer for that.
  worker.unref();
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

type Outcome = { answer: CheckAnswer | 'ready' } | { timedOut: true } | { outOfMemory: true };

/** The worker's next message (its answer, or 'ready'), unless the limit passes or it dies first. */
function next(worker: Worker, limitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(() => resolve({ timedOut: true })), limitMs);
    const onMessage = (answer: CheckAnswer | 'ready') => settle(() => resolve({ answer }));
    const onError = (error: Error & { code?: string }) => settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ outOfMemory: true }) : reject(error)));
    const onExit = (code: number) => settle(() => reject(new Error(`The upload check's worker stopped (exit code ${code}).`)));
    function settle(then: () => void) {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/**
 * Judges a received file by its content in a worker thread (upload-check-worker.ts), within the
 * limits of check-limits.ts. A check still running after `timeLimitMs` is ended: its worker is
 * terminated (awaited, so nothing of it runs on) and the file refused as too complex.
 */
export async function checkUpload(path: string, { timeLimitMs = CHECK_TIME_LIMIT_MS } = {}): Promise<CheckVerdict> {
  await turn();
  let worker = idle.pop();
  let keep = false;
  try {
    if (!worker) {
      worker = spawn();
      const loaded = await next(worker, STARTUP_LIMIT_MS);
      if (!('answer' in loaded) || loaded.answer !== 'ready') throw new Error("The upload check's worker did not start.");
    }
    worker.postMessage({ path } satisfies CheckRequest);
    const outcome = await next(worker, timeLimitMs);
    if (!('answer' in outcome)) return { refused: 'too_complex' };
    const { answer } = outcome;
    if (answer === 'ready' || 'failed' in answer) throw new Error(`The upload check failed: ${answer === 'ready' ? 'no answer' : answer.failed}`);
    keep = true;
    return answer;
  } finally {
    if (worker && keep) idle.push(worker);
    else if (worker) await worker.terminate();
    release();
  }
}
