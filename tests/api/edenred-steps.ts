import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The Edenred emulator's steps the payment tests share: a customer links their account, as the popup does. */

export const EDENRED_SANDBOX = '/__sandbox/edenred';

type Call = (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** What the emulator's login form posts: the authorize query, plus the demo account's credentials. */
export async function loginOnProvider(app: FastifyInstance, authorizeUrl: string, username: string, password = 'demo') {
  const url = new URL(authorizeUrl);
  const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode, page.body).toBe(200);
  const form = new URLSearchParams(url.search);
  form.set('username', username);
  form.set('password', password);
  form.set('action', 'login');
  const res = await app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location));
}

/** Links the customer's Edenred account as the popup does; answers the callback page. */
export async function linkEdenred(app: FastifyInstance, call: Call, username = 'marie@edenred.test') {
  const start = await call('POST', '/api/edenred/oauth-url');
  expect(start.statusCode, start.body).toBe(200);
  const back = await loginOnProvider(app, start.json().url as string, username);
  expect(back.pathname).toBe('/api/edenred/callback');
  const page = await call('GET', back.pathname + back.search);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  return { page: page.body, back };
}

/** Sets an emulated account's balance. */
export const setEdenredBalance = (app: FastifyInstance, username: string, cents: number) =>
  app.inject({ method: 'POST', url: `${EDENRED_SANDBOX}/accounts/${encodeURIComponent(username)}/balance`, payload: { balance_cents: cents } });
