import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_TIME_LIMIT_MS } from '../../server/modules/contact/check-limits';
import { checkUpload } from '../../server/modules/contact/upload-check';
import { pdf, pdfOfBrokenStreams } from '../fixtures/upload-files';

/*
 * The upload check's time limit (server/modules/contact/upload-check.ts), with a limit of 100 ms
 * in place of CHECK_TIME_LIMIT_MS so the test needs no file slower than 5 s: a worker still
 * checking when the limit passes is terminated, and the file refused as too complex.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'popote-upload-check-'));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('the upload check’s time limit', () => {
  it('terminates a worker still checking when the limit passes, refuses the file, and checks the next one in a new worker', async () => {
    expect(CHECK_TIME_LIMIT_MS).toBe(5000);
    const cv = await file('cv.pdf', pdf());
    // A loaded worker first, so what follows times the check, not a worker's start.
    expect(await checkUpload(cv)).toEqual({ type: 'pdf' });

    const slow = await file('slow.pdf', pdfOfBrokenStreams(240_000));
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const started = performance.now();
    expect(await checkUpload(slow, { timeLimitMs: 100 })).toEqual({ refused: 'too_complex' });
    const elapsed = performance.now() - started;
    // The whole file takes tens of seconds to check (see upload-budget.test.ts): ended at the limit.
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(2000);
    expect(terminate).toHaveBeenCalledTimes(1);
    // Stopped before the refusal was answered: terminate() resolves with the thread's exit code.
    await expect(terminate.mock.results[0]!.value).resolves.toBe(1);
    terminate.mockRestore();

    expect(await checkUpload(cv)).toEqual({ type: 'pdf' });
  });
});
