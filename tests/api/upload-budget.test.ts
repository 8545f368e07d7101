import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { MAX_INFLATED_BYTES, MAX_ZIP_ENTRIES } from '../../server/modules/contact/check-limits';
import { FILE_TOO_COMPLEX_MESSAGE } from '../../server/modules/contact/uploads';
import { CONTACT_MESSAGES } from '#shared/api/contact';
import type { ErrorBody } from '#shared/api/errors';
import {
  docxOfEntries,
  docxOfLargeRels,
  docxOverlapping,
  docxSharingOneStream,
  pdfOfBrokenStreams,
  pdfOfInflatingStreams,
  pdfWithScriptPastTheBudget,
} from '../fixtures/upload-files';
import { APPLY, uploadServer } from './upload-server';

/*
 * Uploads built to make their check work (docs/product/contact.md, "Attachments"), sent over real
 * HTTP to a listening server while /api/health is asked every 50 ms: the check runs in a worker
 * thread within its limits (server/modules/contact/check-limits.ts), so the server keeps answering
 * and the file is refused with the French message.
 */

const MB = 1024 * 1024;
const TOO_COMPLEX = { message: FILE_TOO_COMPLEX_MESSAGE, code: 'file_too_complex', errors: { files: [FILE_TOO_COMPLEX_MESSAGE] } };
const WRONG_TYPE = { message: CONTACT_MESSAGES.fileType, code: 'file_type', errors: { files: [CONTACT_MESSAGES.fileType] } };

const server = uploadServer();
// Every upload comes from 127.0.0.1: fresh rate-limit counters for each test.
beforeEach(() => server.app.database.db.delete(rateLimits));

/** A visitor's session and anti-forgery token, as a browser gets them, then the application form sent with files. */
async function applicant() {
  const res = await fetch(`${server.base}/api/state`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!);
  return async (name: string, content: Buffer): Promise<{ status: number; body: ErrorBody }> => {
    const form = new FormData();
    for (const [field, value] of Object.entries(APPLY)) form.append(field, value);
    form.append('files', new Blob([new Uint8Array(content)]), name);
    const sent = await fetch(`${server.base}/api/contact`, { method: 'POST', body: form, headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf } });
    return { status: sent.status, body: (await sent.json()) as ErrorBody };
  };
}

/**
 * Asks /api/health every 50 ms until stopped. The client shares the server's process, so a
 * frozen event loop also delays the next poll: the longest wait between two answers is measured
 * as well as each answer's time.
 */
function pollHealth() {
  let polling = true;
  const answers: { status: number; ms: number }[] = [];
  let longestGapMs = 0;
  const polls = (async () => {
    let last = performance.now();
    while (polling) {
      const asked = performance.now();
      // A connection dropped while the loop was frozen is an answer that never came: status 0.
      const status = await fetch(`${server.base}/api/health`).then(
        (res) => res.arrayBuffer().then(() => res.status),
        () => 0,
      );
      const now = performance.now();
      answers.push({ status, ms: now - asked });
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      await sleep(50);
    }
  })();
  return async () => {
    polling = false;
    await polls;
    return { answers, longestGapMs, slowestMs: Math.max(...answers.map((a) => a.ms)) };
  };
}

describe('an upload made to keep its check busy', () => {
  it('is refused in French while /api/health answers within 1 s: 2,000 DOCX entries on one 8 MB stream, a PDF of streams past the budget', async () => {
    const bombs: [string, Buffer][] = [
      // 2,001 entries pointing at one local header: about 16 GB to inflate, read entry by entry.
      ['cv.docx', docxSharingOneStream(2000, 8 * MB)],
      // 100 streams of 40 KB, each inflating to 40 MB: 4 GB, once each stream failed past the cap.
      ['cv.pdf', pdfOfInflatingStreams(100, 40 * MB)],
    ];
    const send = await applicant();
    const stop = pollHealth();
    const results = [];
    for (const [name, content] of bombs) results.push(await send(name, content));
    const health = await stop();

    for (const result of results) expect(result).toEqual({ status: 422, body: TOO_COMPLEX });
    expect(health.answers.length).toBeGreaterThan(0);
    expect(health.answers.every((a) => a.status === 200)).toBe(true);
    expect(health.slowestMs).toBeLessThan(1000);
    expect(health.longestGapMs).toBeLessThan(1000);
  });

  it('is refused once its check runs past the time limit, the server answering meanwhile', async () => {
    // 240,000 broken streams in 5 MB: each one is tried and, failing, counted; together far
    // longer than the 5 s a check may run (CHECK_TIME_LIMIT_MS).
    const slow = pdfOfBrokenStreams(240_000);
    const send = await applicant();
    const stop = pollHealth();
    const started = performance.now();
    const result = await send('cv.pdf', slow);
    const elapsed = performance.now() - started;
    const health = await stop();

    expect(result).toEqual({ status: 422, body: TOO_COMPLEX });
    expect(elapsed).toBeLessThan(15_000);
    expect(health.answers.length).toBeGreaterThan(20);
    expect(health.answers.every((a) => a.status === 200)).toBe(true);
    expect(health.slowestMs).toBeLessThan(1000);
    expect(health.longestGapMs).toBeLessThan(1000);
  });
});

describe('the limits of one file’s check', () => {
  it(`reads a .docx of ${MAX_ZIP_ENTRIES} entries and refuses one more as too complex`, async () => {
    const send = await applicant();
    expect(MAX_ZIP_ENTRIES).toBe(1000);
    expect((await send('cv.docx', docxOfEntries(1000))).status).toBe(201);
    expect(await send('cv.docx', docxOfEntries(1001))).toEqual({ status: 422, body: TOO_COMPLEX });
  });

  it('refuses ZIP entries that share a local header or run over the next one', async () => {
    const send = await applicant();
    // Two relationship parts listed at one offset: harmless content, but no writer makes this.
    expect(await send('cv.docx', docxSharingOneStream(2, 1024))).toEqual({ status: 422, body: WRONG_TYPE });
    expect(await send('cv.docx', docxOverlapping())).toEqual({ status: 422, body: WRONG_TYPE });
  });

  it('counts every inflated byte of a file against one budget, streams that fail or pass it included', async () => {
    const send = await applicant();
    expect(MAX_INFLATED_BYTES).toBe(32 * MB);
    // Within the budget: accepted.
    expect((await send('cv.pdf', pdfOfInflatingStreams(1, 30 * MB))).status).toBe(201);
    expect((await send('cv.docx', docxOfLargeRels(4, 7 * MB))).status).toBe(201);
    // Three streams of 16 MB that each fail at their end: 48 MB inflated, none of it returned.
    expect(await send('cv.pdf', pdfOfInflatingStreams(3, 16 * MB, { damaged: true }))).toEqual({ status: 422, body: TOO_COMPLEX });
    // Streams that each pass the budget: the first one spends it.
    expect(await send('cv.pdf', pdfOfInflatingStreams(2, 40 * MB))).toEqual({ status: 422, body: TOO_COMPLEX });
    // A script in a stream inflating past the budget is never passed unread.
    expect(await send('cv.pdf', pdfWithScriptPastTheBudget())).toEqual({ status: 422, body: TOO_COMPLEX });
    // Five relationship parts of 7 MB each: 35 MB across entries.
    expect(await send('cv.docx', docxOfLargeRels(5, 7 * MB))).toEqual({ status: 422, body: TOO_COMPLEX });
  });
});
