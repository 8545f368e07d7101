import { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_TIME_LIMIT_MS, TooComplexError } from '../../server/modules/contact/check-limits';
import { InflateBudget } from '../../server/modules/contact/inflate-budget';
import { checkUpload } from '../../server/modules/contact/upload-check';
import { load } from '../../server/modules/contact/upload-checkers';
import { pdf, pdfOfBrokenStreams } from '../fixtures/upload-files';

/*
 * The upload check's time limit (server/modules/contact/upload-check.ts), with a limit of 100 ms
 * in place of CHECK_TIME_LIMIT_MS so the test needs no file slower than 5 s: a process still
 * checking when the limit passes is killed, and the file refused as too complex.
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
  it('kills a process still checking when the limit passes, refuses the file, and checks the next one in another process', async () => {
    expect(CHECK_TIME_LIMIT_MS).toBe(5000);
    const cv = await file('cv.pdf', pdf());
    // A loaded process first, so what follows times the check, not a process's start.
    expect(await checkUpload(cv)).toEqual({ type: 'pdf' });

    const slow = await file('slow.pdf', pdfOfBrokenStreams(240_000));
    const kill = vi.spyOn(ChildProcess.prototype, 'kill');
    const started = performance.now();
    expect(await checkUpload(slow, { timeLimitMs: 100 })).toEqual({ refused: 'too_complex' });
    const elapsed = performance.now() - started;
    // The whole file takes tens of seconds to check (see upload-budget.test.ts): ended at the limit.
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(2000);
    expect(kill).toHaveBeenCalledTimes(1);
    expect(kill).toHaveBeenCalledWith('SIGKILL');
    // Ended before the refusal was answered: the killed process had exited by then.
    expect((kill.mock.contexts[0] as ChildProcess).signalCode).toBe('SIGKILL');
    kill.mockRestore();

    expect(await checkUpload(cv)).toEqual({ type: 'pdf' });
  });

  it('ends by itself when the server is gone (its channel closed) rather than check on for minutes, and stops inflating past its own deadline', async () => {
    const slow = await file('orphan.pdf', pdfOfBrokenStreams(240_000));
    const checker = await load();
    const exited = new Promise<number | null>((resolve) => checker.once('exit', resolve));
    const started = performance.now();
    await new Promise((resolve) => checker.send({ path: slow, timeLimitMs: 100 }, resolve));
    // As when the server's process ends, however it ends: the child is not killed, its channel closes.
    checker.disconnect();
    expect(await exited).toBe(0);
    // Between two streams, or at its own deadline (the limit and a second's grace) when a stream
    // keeps it from hearing the channel close; the whole file takes tens of seconds.
    expect(performance.now() - started).toBeLessThan(5000);

    const past = new InflateBudget(undefined, performance.now() - 1);
    await expect(past.inflate(deflateSync(Buffer.from('BT /F1 12 Tf ET')), 'zlib')).rejects.toThrow(TooComplexError);
  });
});
