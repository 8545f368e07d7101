import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { MESSAGES } from '#shared/api/messages';
import type { ErrorBody } from '#shared/api/errors';
import { authFixtures, fieldError, SESSION, XSRF } from './auth-fixtures';
import { testFile } from './fixtures';

/** The account routes' refusals of forged and malformed requests: 419 and 422, never a 500. */

const file = testFile({ unlimitedStock: true });
const { db } = file;
const { newVisitor, rawCall, signup, register, me, loggedIn, sessionRow } = authFixtures(file);

describe('anti-forgery token', () => {
  const calls: [string, () => Record<string, unknown> | undefined][] = [
    ['/api/register', () => signup()],
    ['/api/login', () => ({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password })],
    ['/api/logout', () => undefined],
    ['/api/auth/password/email', () => ({ email: DEMO_CUSTOMER.email })],
    ['/api/auth/password/reset', () => ({ token: 'z'.repeat(43), email: DEMO_CUSTOMER.email, password: 'nouveau-secret-99', password_confirmation: 'nouveau-secret-99' })],
  ];

  it.each(calls)('refuses POST %s without, or with a wrong, X-XSRF-TOKEN (419)', async (url, body) => {
    const customers = (await db().select({ id: t.customers.id }).from(t.customers)).length;
    const mails = (await db().select({ id: t.mailOutbox.id }).from(t.mailOutbox)).length;
    const v = await newVisitor();
    const token = v.token();
    const attempts = [
      await rawCall('POST', url, { [SESSION]: token, [XSRF]: v.xsrf() }, { payload: body() }),
      await rawCall('POST', url, { [SESSION]: token, [XSRF]: v.xsrf() }, { payload: body(), xsrf: '' }),
      await rawCall('POST', url, { [SESSION]: token, [XSRF]: v.xsrf() }, { payload: body(), xsrf: 'forged-token' }),
      await rawCall('POST', url, { [SESSION]: token, [XSRF]: 'forged-token' }, { payload: body(), xsrf: 'forged-token' }),
      // The right token, but no session to hold it.
      await rawCall('POST', url, {}, { payload: body(), xsrf: v.xsrf() }),
      // Another visitor's token.
      await rawCall('POST', url, { [SESSION]: token }, { payload: body(), xsrf: (await newVisitor()).xsrf() }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(419);
      expect(res.json()).toEqual({ message: MESSAGES.csrf, code: 'csrf_mismatch' });
      expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
    }
    // Nothing happened: the session lives on, anonymous, and nothing was created or mailed.
    expect(await sessionRow(token)).toMatchObject({ customerId: null });
    expect((await db().select({ id: t.customers.id }).from(t.customers)).length).toBe(customers);
    expect((await db().select({ id: t.mailOutbox.id }).from(t.mailOutbox)).length).toBe(mails);
  });

  it('refuses a logout without the token, so a forged link cannot log a customer out', async () => {
    const { v } = await loggedIn();
    const res = await v.request('POST', '/api/logout', undefined, { 'x-xsrf-token': '' });
    expect(res.statusCode).toBe(419);
    expect((await me(v)).statusCode).toBe(200);
  });
});

/* ================================================================ bad bodies */

describe('bad bodies', () => {
  const urls = ['/api/register', '/api/login', '/api/auth/password/email', '/api/auth/password/reset'];
  const bodies: [string, string][] = [
    ['null', 'null'],
    ['an array', '[]'],
    ['an array of objects', JSON.stringify([signup()])],
    ['a number', '42'],
    ['a string', '"demo@popote.fr"'],
    ['true', 'true'],
    ['an empty object', '{}'],
    ['wrong types', JSON.stringify({ email: 42, password: ['popote-demo'], token: { a: 1 }, remember: 'sometimes', firstname: null, cgv: {} })],
    ['nulls', JSON.stringify({ email: null, password: null, token: null, password_confirmation: null, remember: null })],
    ['nested objects', JSON.stringify({ email: { $ne: '' }, password: { $gt: '' } })],
    ['huge strings', JSON.stringify({ email: `${'a'.repeat(60_000)}@example.fr`, password: 'p'.repeat(60_000), token: 't'.repeat(60_000), firstname: 'f'.repeat(60_000) })],
  ];

  it.each(urls)('answers 422 to any bad body on %s, never a 500', async (url) => {
    const v = await newVisitor();
    for (const [label, payload] of bodies) {
      const res = await v.request('POST', url, payload, { 'content-type': 'application/json' });
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(422);
      const body = res.json() as ErrorBody;
      expect(body.code, label).toBe('validation_failed');
      expect(body.message, label).toEqual(expect.any(String));
      expect(Object.keys(body.errors ?? {}).length, label).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/at .*\.ts|stack/);
    }
    // Nothing logged the visitor in along the way.
    expect((await me(v)).statusCode).toBe(401);
  });

  it('answers 413 to a body over the size limit, 400 to broken JSON', async () => {
    const v = await newVisitor();
    const big = await v.request('POST', '/api/login', { email: DEMO_CUSTOMER.email, password: 'p'.repeat(300_000) });
    expect(big.statusCode).toBe(413);
    const broken = await v.request('POST', '/api/login', '{"email": "demo@popote.fr", ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses a password over 200 characters on sign-up and reset', async () => {
    const long = 'p'.repeat(201);
    const res = await register(await newVisitor(), { password: long, password_confirmation: long });
    fieldError(res, 'password', 'Votre mot de passe est trop long (200 caractères au plus).');
  });
});
