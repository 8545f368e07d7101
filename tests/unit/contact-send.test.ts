import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactFailureMessage, keepsItsKey, sendContact } from '../../src/features/contact/api/send-contact';
import { ApiError, NetworkError } from '../../src/lib/api-client';
import { CONTACT_MESSAGES } from '#shared/api/contact';
import { IDEMPOTENCY_HEADER } from '#shared/api/idempotency';

type Answer = { status: number; body?: unknown; html?: string };

/** The idempotency key each POST carried, in order. */
let keys: (string | undefined)[] = [];
const KEY = 'cle-du-message-0001';

/** A fetch answering in turn, recording each call as 'METHOD path'. */
function fakeFetch(answers: Answer[]) {
  const calls: string[] = [];
  keys = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${path}`);
      if (init.method === 'POST') keys.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
      if (path === '/api/csrf-cookie') return new Response(null, { status: 204 });
      const next = answers.shift() ?? { status: 500 };
      return next.html !== undefined
        ? new Response(next.html, { status: next.status, headers: { 'content-type': 'text/html' } })
        : new Response(JSON.stringify(next.body ?? {}), { status: next.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const ok = { status: 201, body: { message: 'Votre message est en route. :)', id: 7 } };
const form = () => new FormData();

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('sending the contact form', () => {
  it('after a 419: one token refresh, one retry', async () => {
    document.cookie = 'XSRF-TOKEN=stale';
    const calls = fakeFetch([{ status: 419, body: { message: 'expiré', code: 'csrf_mismatch' } }, ok]);
    await expect(sendContact(form(), KEY)).resolves.toEqual({ message: 'Votre message est en route. :)', id: 7 });
    expect(calls).toEqual(['POST /api/contact', 'GET /api/csrf-cookie', 'POST /api/contact']);
  });

  it('after a server failure: one token refresh, one retry, and no third try', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const calls = fakeFetch([{ status: 502, html: '<h1>Bad gateway</h1>' }, { status: 503, html: '' }]);
    const error = await sendContact(form(), KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Le serveur a répondu avec le code 503.');
    expect(calls).toEqual(['POST /api/contact', 'GET /api/csrf-cookie', 'POST /api/contact']);
    // The retry is the same message: the server gives a lost answer back instead of counting it again.
    expect(keys).toEqual([KEY, KEY]);
    expect(keepsItsKey(error)).toBe(true);
    expect(contactFailureMessage(error)).toBe(CONTACT_MESSAGES.serverFailure);
  });

  it('after no answer at all: the retry under the same key, and the form says the network failed, not the input', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const calls: string[] = [];
    keys = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${path}`);
        if (init.method === 'POST') keys.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
        if (path === '/api/csrf-cookie') return new Response(null, { status: 204 });
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await sendContact(form(), KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(calls).toEqual(['POST /api/contact', 'GET /api/csrf-cookie', 'POST /api/contact']);
    expect(keys).toEqual([KEY, KEY]);
    expect(keepsItsKey(error)).toBe(true);
    expect(contactFailureMessage(error)).toBe(CONTACT_MESSAGES.networkFailure);
    expect(contactFailureMessage(error)).not.toContain('saisie');
  });

  it('a refusal of the input is not retried', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const calls = fakeFetch([{ status: 422, body: { message: 'Vous devez saisir un numéro français.', errors: { phone: ['Vous devez saisir un numéro français.'] } } }]);
    const error = (await sendContact(form(), KEY).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessage('phone')).toBe('Vous devez saisir un numéro français.');
    expect(calls).toEqual(['POST /api/contact']);
    // Judged: the corrected message is another request, under a new key.
    expect(keepsItsKey(error)).toBe(false);
    expect(contactFailureMessage(error)).toBe(CONTACT_MESSAGES.failureMessage);
  });
});
