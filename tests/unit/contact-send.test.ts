import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendContact } from '../../src/features/contact/api/send-contact';
import { ApiError } from '../../src/lib/api-client';

type Answer = { status: number; body?: unknown; html?: string };

/** A fetch answering in turn, recording each call as 'METHOD path'. */
function fakeFetch(answers: Answer[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${path}`);
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
    await expect(sendContact(form())).resolves.toEqual({ message: 'Votre message est en route. :)', id: 7 });
    expect(calls).toEqual(['POST /api/contact', 'GET /api/csrf-cookie', 'POST /api/contact']);
  });

  it('after a server failure: one token refresh, one retry, and no third try', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const calls = fakeFetch([{ status: 502, html: '<h1>Bad gateway</h1>' }, { status: 503, html: '' }]);
    const error = await sendContact(form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Le serveur a répondu avec le code 503.');
    expect(calls).toEqual(['POST /api/contact', 'GET /api/csrf-cookie', 'POST /api/contact']);
  });

  it('a refusal of the input is not retried', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const calls = fakeFetch([{ status: 422, body: { message: 'Vous devez saisir un numéro français.', errors: { phone: ['Vous devez saisir un numéro français.'] } } }]);
    const error = (await sendContact(form()).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessage('phone')).toBe('Vous devez saisir un numéro français.');
    expect(calls).toEqual(['POST /api/contact']);
  });
});
