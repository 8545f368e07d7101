import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { OVERLOADED } from '#shared/api/error-codes';

/**
 * A test's own read of the API (a GET answering JSON), asked again while the server refuses it
 * for a moment: on a busy machine it sheds calls as overloaded (503, Retry-After, as customers'
 * phones are told) and limits their rate (429), and the app's own client asks again too. Any
 * other answer than 200 fails the test with the path and the status.
 */
export async function readJson(request: APIRequestContext, path: string): Promise<unknown> {
  let body: unknown;
  await expect(async () => {
    const res = await request.get(path);
    expect(res.status(), `GET ${path}: ${res.status()} ${res.status() === 200 ? '' : await res.text()}`).toBe(200);
    body = await res.json();
  }).toPass({ intervals: [250, 500, 1000, 2000], timeout: 20_000 });
  return body;
}

/**
 * A test's own change (a POST), sent again while a busy server sheds it: a 503 `overloaded` is
 * refused before anything is done (server/plugins/overload.ts), a 429 before the route runs, and
 * the app's own client asks again after both. Each try carries the same idempotency key. Any other
 * answer is returned as it is, for the caller to check. Unretried, one shed sign-up on a loaded
 * machine failed a whole journey and its retry (some minutes of the run).
 */
export async function postAgainWhileShed(request: APIRequestContext, path: string, options: { data?: unknown; headers?: Record<string, string> } = {}): Promise<APIResponse> {
  const headers = { 'idempotency-key': randomUUID(), ...options.headers };
  let res: APIResponse | undefined;
  await expect(async () => {
    res = await request.post(path, { data: options.data, headers });
    const shed = res.status() === 429 || (res.status() === 503 && ((await res.json().catch(() => null)) as { code?: string } | null)?.code === OVERLOADED.code);
    expect(shed, `POST ${path}: ${res.status()}, shed by the busy server`).toBe(false);
  }).toPass({ intervals: [250, 500, 1000, 2000], timeout: 20_000 });
  return res!;
}
