import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../server/modules/auth/auth.routes';
import { LOGIN_THROTTLE } from '../../server/lib/login-throttle';
import { AUTH_MESSAGES } from '#shared/api/auth';
import { MESSAGES } from '#shared/api/messages';
import { authFixtures, fieldError } from './auth-fixtures';
import { testFile } from './fixtures';
import { MONDAY, at, createTestApp } from './helpers';

/** How often one may try to log in, sign up and reset a password, per address and per account. */

const file = testFile({ unlimitedStock: true });
const { app, mailsTo } = file;
const { newIp, newVisitor, uniqueEmail, register, login, me, newCustomer, customerRow, resetLinkOf, askReset, reset } = authFixtures(file);

describe('rate limits', () => {
  function expectRateLimited(res: LightMyRequestResponse, retryAfter: number) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ message: MESSAGES.rateLimited, code: 'too_many_requests' });
    expect(res.headers['retry-after']).toBe(String(retryAfter));
  }

  it('slows one address guessing one account down, doubling each wait, and lets the owner in from their own address at once', async () => {
    const customer = await newCustomer();
    const attacker = await newVisitor();
    const { free } = LOGIN_THROTTLE.pair;
    for (let i = 0; i < free; i++) expect((await login(attacker, customer.email, `mauvais-${i}`)).statusCode, `attempt ${i + 1}`).toBe(422);
    // Each failure past the free ones doubles the wait: 1 s, then 2 s, then 4 s…
    for (const wait of [1, 2, 4, 8]) {
      expectRateLimited(await login(attacker, customer.email, 'encore-faux'), wait);
      app.clock.set(new Date(app.clock.now().getTime() + wait * 1000));
      expect((await login(attacker, customer.email, 'encore-faux')).statusCode).toBe(422);
    }
    // Even the right password waits, from the guessing address.
    expectRateLimited(await login(attacker, customer.email, customer.password), 16);
    // The owner, from their own address, is not held back.
    const owner = await newVisitor();
    expect((await login(owner, customer.email, customer.password)).statusCode).toBe(200);
    expect((await me(owner)).statusCode).toBe(200);
  });

  it('caps the wait of a long guess at 15 minutes, and forgets failures after 15 quiet minutes', async () => {
    const customer = await newCustomer();
    const attacker = await newVisitor();
    for (let i = 0; i < 14; i++) {
      await login(attacker, customer.email, `faux-${i}`);
      app.clock.set(new Date(app.clock.now().getTime() + 15 * 60 * 1000 - 1000));
    }
    const res = await login(attacker, customer.email, 'faux');
    expect(Number(res.headers['retry-after'] ?? 0)).toBeLessThanOrEqual(15 * 60);
    app.clock.set(new Date(app.clock.now().getTime() + 15 * 60 * 1000));
    expect((await login(attacker, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('counts a failure stamped ahead of the clock as now: a clock set back never locks an address out', async () => {
    const customer = await newCustomer();
    const ip = newIp();
    const now = app.clock.now();
    // A process whose clock ran a week ahead counted a failure from this address…
    app.clock.set(new Date(now.getTime() + 7 * 24 * 3600 * 1000));
    expect((await login(await newVisitor(ip), customer.email, 'faux')).statusCode).toBe(422);
    // …then the clock is right again: the owner, from that address, is let in at once.
    app.clock.set(now);
    expect((await login(await newVisitor(ip), customer.email, customer.password)).statusCode).toBe(200);
  });

  it('slows one account guessed from many addresses for 30 s at most, so its owner gets in after a short wait', async () => {
    const customer = await newCustomer();
    const { free, maxDelayMs } = LOGIN_THROTTLE.email;
    for (let i = 0; i < free + 10; i++) {
      const res = await login(await newVisitor(), customer.email, `mauvais-${i}`);
      expect([422, 429]).toContain(res.statusCode);
    }
    const owner = await newVisitor();
    const held = await login(owner, customer.email, customer.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(maxDelayMs / 1000);
    app.clock.set(new Date(app.clock.now().getTime() + maxDelayMs));
    expect((await login(owner, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('slows an address trying many accounts (50 failures: an office shares one address), not the others', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.ip.free; i++) {
      expect((await login(await newVisitor(ip), uniqueEmail('essai'), 'mauvais-secret')).statusCode).toBe(422);
    }
    const customer = await newCustomer();
    expectRateLimited(await login(await newVisitor(ip), customer.email, customer.password), 1);
    // Another place is not held back.
    expect((await login(await newVisitor(), customer.email, customer.password)).statusCode).toBe(200);
  });

  it('does not take a client’s word for its address: with TRUST_PROXY=1, only the entry the proxy added counts', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const email = uniqueEmail('proxy');
      const attempt = async (forwardedFor: string) => {
        const headers = { 'x-forwarded-for': forwardedFor };
        const state = await proxied.app.inject({ method: 'GET', url: '/api/state', headers });
        const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
        return proxied.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'faux-secret' }, headers: { ...headers, cookie, 'x-xsrf-token': xsrf } });
      };
      // The client writes a new address before the proxy's each time: the throttle still sees one.
      for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) expect((await attempt(`10.0.0.${i}, 203.0.113.7`)).statusCode).toBe(422);
      expect((await attempt('10.0.1.1, 203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await attempt('10.0.1.1, 203.0.113.8')).statusCode).toBe(422);
    } finally {
      await proxied.close();
    }
  });

  it('allows 20 sign-ups per IP an hour', async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH_LIMITS.registerPerIp.max; i++) expect((await register(await newVisitor(ip))).statusCode).toBe(201);
    const email = uniqueEmail('sixieme');
    expectRateLimited(await register(await newVisitor(ip), { email }), 3600);
    expect(await customerRow(email)).toEqual([]);
    expect((await register(await newVisitor(), { email })).statusCode).toBe(201);
    app.clock.set(at(MONDAY, '10:00:00'));
    expect((await register(await newVisitor(ip))).statusCode).toBe(201);
  });

  it('allows 5 reset e-mails per address an hour, from any IPs, and 20 per IP', async () => {
    const customer = await newCustomer();
    for (let i = 0; i < 5; i++) expect((await askReset(await newVisitor(), customer.email)).statusCode).toBe(200);
    expectRateLimited(await askReset(await newVisitor(), customer.email), 3600);
    const resetMails = (await mailsTo(customer.email)).filter((m) => m.subject.includes('mot de passe'));
    expect(resetMails).toHaveLength(5);

    const ip = newIp();
    for (let i = 0; i < AUTH_LIMITS.resetEmailPerIp.max; i++) expect((await askReset(await newVisitor(ip), uniqueEmail('oubli'))).statusCode).toBe(200);
    expectRateLimited(await askReset(await newVisitor(ip), uniqueEmail('oubli')), 3600);
  });

  it('allows 10 reset attempts per IP in 15 minutes', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const res = await reset(await newVisitor(ip), { token: `${'y'.repeat(40)}${i}`, email: customer.email, password: 'nouveau-secret-99' });
      fieldError(res, 'token', AUTH_MESSAGES.resetInvalid);
    }
    expectRateLimited(await reset(await newVisitor(ip), { token: link.token, email: customer.email, password: 'nouveau-secret-99' }), 900);
    // The link was not used by the refused call.
    expect((await reset(await newVisitor(), { token: link.token, email: customer.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });
});
