import { expect, type APIRequestContext } from '@playwright/test';

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
