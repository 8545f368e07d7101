/**
 * The upload check's child process (forked by upload-checkers.ts for upload-check.ts; built as
 * dist-server/upload-check-process.mjs by scripts/build-server.mjs). It judges one file at a time
 * by its content, so however long a crafted file keeps it busy, the server's event loop is not;
 * and since it is a process of its own, killing it at the time limit cannot take the server down
 * (upload-checkers.ts says why it is not a worker thread any more).
 */
import { readFile } from 'node:fs/promises';
import type { FileType } from '#shared/api/contact';
import { TooComplexError } from './check-limits';
import { detectFileType } from './file-type';
import { InflateBudget } from './inflate-budget';

/** The server's question: the received file to judge, and its check's time limit. */
export interface CheckRequest {
  path: string;
  timeLimitMs: number;
}

/**
 * The answer: the type its content shows, or why it is refused; `failed` when the check itself
 * broke (a bug or an unreadable file: the server's fault, not the sender's).
 */
export type CheckAnswer = { type: FileType } | { refused: 'file_type' | 'too_complex' } | { failed: string };

/**
 * A second's grace past the limit: the server kills this process at the limit, so the check ends
 * by itself only when the server could not (it died, or its event loop is frozen), rather than
 * run on for minutes as an orphan.
 */
const OWN_DEADLINE_GRACE_MS = 1000;

async function judge({ path, timeLimitMs }: CheckRequest): Promise<CheckAnswer> {
  const deadline = performance.now() + timeLimitMs + OWN_DEADLINE_GRACE_MS;
  const buf = await readFile(path);
  try {
    const type = await detectFileType(buf, new InflateBudget(undefined, deadline));
    return type ? { type } : { refused: 'file_type' };
  } catch (error) {
    if (error instanceof TooComplexError) return { refused: 'too_complex' };
    // A read past a buffer's end: a table of the file pointing outside it. Not a file of an
    // allowed type; any other error is the check's own and fails loudly.
    if (error instanceof RangeError) return { refused: 'file_type' };
    throw error;
  }
}

function answer(message: CheckAnswer | 'ready'): void {
  // The server gone (its channel closed): nothing to tell, and 'disconnect' ends this process.
  if (process.connected) process.send!(message, undefined, {}, () => undefined);
}

/**
 * Idle this long after an answer, the process collects its garbage: what a check inflated (up to
 * 32 MB, and its text) is freed, where an idle process held some 100 MB until it next allocated
 * (--expose-gc, upload-checkers.ts). Not at once: the collection takes 5 to 20 ms, and a file
 * arriving meanwhile would wait for it (a quick-lane check went from 1 to 20–100 ms under load).
 */
const COLLECT_WHEN_IDLE_MS = 2000;
let collect: NodeJS.Timeout | undefined;

process.on('message', (request: CheckRequest) => {
  clearTimeout(collect);
  judge(request)
    .then(answer, (error: unknown) => answer({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
    .finally(() => {
      // Unreferenced: it never keeps a process whose server is gone alive.
      collect = setTimeout(() => globalThis.gc?.(), COLLECT_WHEN_IDLE_MS).unref();
    });
});
// The server stopped (or dropped this spare): nothing more will come.
process.on('disconnect', () => process.exit(0));
// Loaded: the server starts the time limit when it hands a file over, not while this starts.
answer('ready');
