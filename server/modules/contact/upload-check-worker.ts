/**
 * The upload check's worker thread (started by upload-check.ts; built as
 * dist-server/upload-check-worker.mjs by scripts/build-server.mjs). It judges one file at a time
 * by its content, so however long a crafted file keeps it busy, the server's event loop is not.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { FileType } from '#shared/api/contact';
import { TooComplexError } from './check-limits';
import { detectFileType } from './file-type';

/** The server's question: the received file to judge. */
export interface CheckRequest {
  path: string;
}

/**
 * The answer: the type its content shows, or why it is refused; `failed` when the check itself
 * broke (a bug or an unreadable file: the server's fault, not the sender's).
 */
export type CheckAnswer = { type: FileType } | { refused: 'file_type' | 'too_complex' } | { failed: string };

async function judge(path: string): Promise<CheckAnswer> {
  const buf = await readFile(path);
  try {
    const type = await detectFileType(buf);
    return type ? { type } : { refused: 'file_type' };
  } catch (error) {
    if (error instanceof TooComplexError) return { refused: 'too_complex' };
    // A read past a buffer's end: a table of the file pointing outside it. Not a file of an
    // allowed type; any other error is the check's own and fails loudly.
    if (error instanceof RangeError) return { refused: 'file_type' };
    throw error;
  }
}

const port = parentPort!;
port.on('message', (request: CheckRequest) => {
  judge(request.path).then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies CheckAnswer),
  );
});
// Loaded: the server starts the time limit when it hands a file over, not while this starts.
port.postMessage('ready');
