import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setBusyNotice, setTransport, type Transport } from '../../src/lib/api-client';
import { OVERLOADED } from '#shared/api/error-codes';

const overloaded = () =>
  new Response(JSON.stringify({ message: OVERLOADED.message, code: OVERLOADED.code }), {
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'application/json' },
  });
const ok = () => new Response(JSON.stringify({ fine: true }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A transport answering each call with the next of `answers`, recording the calls. */
function answering(answers: (() => Response)[]) {
  const calls: RequestInit[] = [];
  const transport: Transport = async (_path, init) => {
    calls.push(init);
    return answers.shift()!();
  };
  setTransport(() => transport);
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  setBusyNotice(null);
  setTransport(() => (path, init) => fetch(path, init));
});

describe('an overloaded server (503 overloaded with Retry-After)', () => {
  it('says so, waits what it asks and tries once more: the second answer is the call’s', async () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    setBusyNotice((message) => shown.push(message));
    const calls = answering([overloaded, ok]);
    const call = api('/api/state');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    expect(shown).toEqual([OVERLOADED.waiting]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ fine: true });
    expect(calls).toHaveLength(2);
  });

  it('a change is sent again with its idempotency key', async () => {
    document.cookie = 'XSRF-TOKEN=token';
    const calls = answering([overloaded, ok]);
    vi.useFakeTimers();
    const call = api('/api/cart/increment', { method: 'POST', body: { id: 'product-1' } });
    await vi.advanceTimersByTimeAsync(1000);
    await call;
    const keys = calls.map((init) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('retries once only: a second refusal is an error with the server’s French message', async () => {
    vi.useFakeTimers();
    const calls = answering([overloaded, overloaded, ok]);
    const call = api('/api/state');
    const outcome = expect(call).rejects.toMatchObject({ status: 503, body: { code: 'overloaded', message: expect.stringMatching(/^Beaucoup de monde en ce moment…/) } });
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(calls).toHaveLength(2);
  });

  it('other 503s are not retried', async () => {
    const calls = answering([() => new Response(JSON.stringify({ message: 'Indisponible', code: 'service_unavailable' }), { status: 503, headers: { 'retry-after': '5' } }), ok]);
    await expect(api('/api/state')).rejects.toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect(calls).toHaveLength(1);
  });
});
