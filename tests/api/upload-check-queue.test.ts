import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { FILE_TOO_COMPLEX_MESSAGE, UPLOADS_BUSY_MESSAGE } from '../../server/modules/contact/uploads';
import type { ErrorBody } from '#shared/api/errors';
import { pdf, pdfOfBrokenStreams } from '../fixtures/upload-files';
import { APPLY, uploadServer } from './upload-server';

/*
 * The upload checks' lanes (server/modules/contact/upload-check.ts) under a burst of slow files,
 * over real HTTP to a listening server, each sender at an address of its own (X-Forwarded-For
 * behind TRUST_PROXY=1). A probe sent 12 PDFs of 240,000 broken streams (each one a check of the
 * full 5 s) from 12 addresses: an honest application waited 60 s for its turn, one file checked
 * at a time, past the client's 20 s deadline.
 */

const TOO_COMPLEX = { status: 422, body: { message: FILE_TOO_COMPLEX_MESSAGE, code: 'file_too_complex', errors: { files: [FILE_TOO_COMPLEX_MESSAGE] } }, retryAfter: null };
const BUSY = { status: 503, body: { message: UPLOADS_BUSY_MESSAGE, code: 'uploads_busy', errors: { files: [UPLOADS_BUSY_MESSAGE] } }, retryAfter: '60' };
/** What the client gives a change before it gives up (src/lib/api-client.ts). */
const CLIENT_DEADLINE_MS = 20_000;
/** What the client gives a read before it gives up (src/lib/api-client.ts). */
const READ_DEADLINE_MS = 10_000;

const server = uploadServer({ TRUST_PROXY: '1' });
const slowPdf = pdfOfBrokenStreams(240_000);

beforeEach(() => server.app.database.db.delete(rateLimits));

interface Answer {
  status: number;
  body: ErrorBody;
  retryAfter: string | null;
}

/** A visitor at `address`: a session and anti-forgery token as a browser gets them, then the application form with one file. */
async function applicant(address: string) {
  const forwarded = { 'x-forwarded-for': address };
  const res = await fetch(`${server.base}/api/state`, { headers: forwarded });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!);
  return async (name: string, content: Buffer): Promise<Answer> => {
    const form = new FormData();
    for (const [field, value] of Object.entries(APPLY)) form.append(field, value);
    form.append('files', new Blob([new Uint8Array(content)]), name);
    const sent = await fetch(`${server.base}/api/contact`, { method: 'POST', body: form, headers: { ...forwarded, cookie: cookies.join('; '), 'x-xsrf-token': xsrf } });
    return { status: sent.status, body: (await sent.json()) as ErrorBody, retryAfter: sent.headers.get('retry-after') };
  };
}

/** The lanes as /metrics reports them (asked from loopback, allowed). */
async function lanes(): Promise<{ waiting: number; quick: number; slow: number }> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const read = (state: string) => Number(new RegExp(`^popote_upload_checks\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { waiting: read('waiting'), quick: read('quick'), slow: read('slow') };
}
const inLanes = async () => {
  const { waiting, quick, slow } = await lanes();
  return waiting + quick + slow;
};

/** /api/health every 50 ms until stopped: the slowest answer. */
function pollHealth() {
  let polling = true;
  let slowestMs = 0;
  let failures = 0;
  const polls = (async () => {
    while (polling) {
      const asked = performance.now();
      const status = await fetch(`${server.base}/api/health`).then(
        (res) => res.arrayBuffer().then(() => res.status),
        () => 0,
      );
      slowestMs = Math.max(slowestMs, performance.now() - asked);
      if (status !== 200) failures++;
      await sleep(50);
    }
  })();
  return async () => {
    polling = false;
    await polls;
    return { slowestMs, failures };
  };
}

describe('a burst of slow files', () => {
  it('from 12 addresses: an honest application is checked within the client’s deadline; the slow files are refused, too complex or busy (503, Retry-After)', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => applicant(`10.9.1.${i + 1}`)));
    const honest = await applicant('10.9.2.1');
    const stop = pollHealth();
    const slow = burst.map((send) => send('cv.pdf', slowPdf));
    // The burst received and in the lanes (or already turned away) before the honest file comes.
    await expect.poll(inLanes, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(10);

    const started = performance.now();
    const answer = await honest('cv.pdf', pdf());
    const elapsed = performance.now() - started;
    const slowAnswers = await Promise.all(slow);
    const health = await stop();

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // One lane on the 2-core machine: about 0.5 s for each slow file ahead of it, 6 to 9 s here
    // (the machine shared); it was 60 s.
    expect(elapsed).toBeLessThan(CLIENT_DEADLINE_MS - 5000);
    for (const slowAnswer of slowAnswers) expect([TOO_COMPLEX, BUSY]).toContainEqual(slowAnswer);
    // As many slow lanes as quick ones: most of the burst is ended after its slice, told to come back.
    expect(slowAnswers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // Answered throughout, each within a read's deadline (the app's reads give up at 10 s): 60 MB
    // arriving at once is the event loop's own work, 1–2.5 s on a shared 2-core machine. A bound
    // of 2 s failed a CI rehearsal at 2.4 s; how fast is the bench's question, not this test's.
    expect(health.failures).toBe(0);
    expect(health.slowestMs).toBeLessThan(READ_DEADLINE_MS);
    await expect.poll(inLanes, { timeout: 10_000 }).toBe(0);
  }, 120_000);

  it('from one address: it holds two places at most, and one slow lane; the others are told to come back at once', async () => {
    const one = await Promise.all(Array.from({ length: 4 }, () => applicant('10.9.3.1')));
    const honest = await applicant('10.9.4.1');
    const slow = one.map((send) => send('cv.pdf', slowPdf));
    await expect.poll(inLanes, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(1);

    const started = performance.now();
    const answer = await honest('cv.pdf', pdf());
    const elapsed = performance.now() - started;
    const slowAnswers = await Promise.all(slow);

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(elapsed).toBeLessThan(3000);
    // Two admitted: one goes on in a slow lane (too complex at 5 s), the other finds its
    // address's slow lane taken. The two past the address's share never waited.
    expect(slowAnswers.filter((a) => a.status === 422)).toEqual([TOO_COMPLEX]);
    expect(slowAnswers.filter((a) => a.status === 503)).toEqual([BUSY, BUSY, BUSY]);
    await expect.poll(inLanes, { timeout: 10_000 }).toBe(0);
  }, 120_000);
});
