import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, DEADLINES_MS, setTransport, type Transport } from '../../src/lib/api-client';

/** A connection the browser believes up, whose answer never comes (it only ends on abort). */
const stalled: Transport = (_path, init) =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));

const read = DEADLINES_MS.read;
afterEach(() => {
  vi.useRealTimers();
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

  it('its deadline runs on the page’s timers: a test’s clock moves it (the browser tests fast-forward it)', async () => {
    vi.useFakeTimers();
    setTransport(() => stalled);
    let outcome: unknown = 'waiting';
    const call = api('/api/state').catch((err: unknown) => (outcome = err));
    await vi.advanceTimersByTimeAsync(DEADLINES_MS.read - 1);
    expect(outcome).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(outcome).toMatchObject({ status: 0, body: { code: 'network_timeout', message: 'La connexion ne répond pas : vérifiez votre réseau puis réessayez.' } });
  });

  it('an answered call leaves no deadline timer behind', async () => {
    vi.useFakeTimers();
    setTransport(() => async () => new Response(JSON.stringify({ fine: true }), { status: 200 }));
    await expect(api('/api/state')).resolves.toEqual({ fine: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});
