import { afterEach, describe, expect, it } from 'vitest';
import { api, DEADLINES_MS, setTransport, type Transport } from '../../src/lib/api-client';

/** A connection the browser believes up, whose answer never comes (it only ends on abort). */
const stalled: Transport = (_path, init) =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));

const read = DEADLINES_MS.read;
afterEach(() => {
  DEADLINES_MS.read = read;
  setTransport(() => (path, init) => fetch(path, init));
});

describe('a call nobody answers', () => {
  it('ends at its deadline as a network failure saying the connection does not answer', async () => {
    DEADLINES_MS.read = 20;
    setTransport(() => stalled);
    await expect(api('/api/state')).rejects.toMatchObject({ status: 0, body: { code: 'network_timeout', message: expect.stringMatching(/^La connexion ne répond pas/) } });
  });

  it('a body that stalls after its headers ends the same way', async () => {
    DEADLINES_MS.read = 20;
    setTransport(() => async (_path, init) => {
      const body = new ReadableStream({ start: (controller) => init.signal?.addEventListener('abort', () => controller.error(init.signal!.reason)) });
      return new Response(body, { status: 200 });
    });
    await expect(api('/api/state')).rejects.toMatchObject({ status: 0, body: { code: 'network_timeout' } });
  });

  it('the caller’s own abort stays an abort, not a network failure', async () => {
    setTransport(() => stalled);
    const controller = new AbortController();
    const call = api('/api/state', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
