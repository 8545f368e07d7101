import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { hashToken } from '../../server/lib/tokens';
import { AUTH_MESSAGES, userSchema } from '#shared/api/auth';
import { MESSAGES } from '#shared/api/messages';
import { customerSummarySchema, stateSchema } from '#shared/api/state';
import { authFixtures, cartLines, DAY_MS, fieldError, NOW, SESSION, XSRF } from './auth-fixtures';
import { cartOf, cookieOf, testFile } from './fixtures';
import { MONDAY } from './helpers';
import type * as passwordModule from '../../server/lib/password';

/** Logging in and out: POST /api/login, POST /api/logout. */

/** Every password check the server makes, with the stored hash it checked against. */
const verifications = vi.hoisted(() => [] as string[]);
vi.mock('../../server/lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof passwordModule>();
  return {
    ...original,
    verifyPassword: (password: string, stored: string) => {
      verifications.push(stored);
      return original.verifyPassword(password, stored);
    },
  };
});

const file = testFile({ unlimitedStock: true });
const { app, db } = file;
const { newVisitor, rawCall, meWithToken, uniqueEmail, login, me, newCustomer, loggedIn, sessionRow, addDish } = authFixtures(file);

describe('POST /api/login', () => {
  it('logs the customer in and answers the summary; /api/me and /api/state know them', async () => {
    const customer = await newCustomer({ firstname: 'Aline' });
    const v = await newVisitor();
    const res = await login(v, `  ${customer.email.toUpperCase()} `, customer.password);
    expect(res.statusCode, res.body).toBe(200);
    const { password: _password, ...summary } = customer;
    expect(customerSummarySchema.parse(res.json())).toEqual(summary);
    expect(Object.keys(res.json()).sort()).toEqual(['cart_notice', 'email', 'firstname', 'id', 'isConnectedToEdenred', 'lastname', 'phone']);

    const user = userSchema.parse((await me(v)).json());
    expect(user).toMatchObject({ id: customer.id, firstname: 'Aline', email: customer.email });
    const state = stateSchema.parse((await v.request('GET', '/api/state')).json());
    expect(state.customer).toEqual(summary);
    expect((await sessionRow(v.token()))!.customerId).toBe(customer.id);
  });

  it('logs the demo customer in with the seeded password', async () => {
    const v = await newVisitor();
    const res = await login(v, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Camille', lastname: 'Martin', email: DEMO_CUSTOMER.email });
  });

  it('answers a wrong password and an unknown e-mail alike (422 on email), and leaves the visitor anonymous', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    const token = v.token();
    const wrong = await login(v, customer.email, 'not-the-password');
    const unknown = await login(v, uniqueEmail('inconnu'), customer.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.badCredentials, code: 'validation_failed', errors: { email: [AUTH_MESSAGES.badCredentials] } });
      expect(res.cookies).toEqual([]);
    }
    expect(v.token()).toBe(token);
    expect((await sessionRow(token))!.customerId).toBeNull();
    expect((await me(v)).statusCode).toBe(401);
    // Another customer's password does not open this account.
    expect((await login(v, customer.email, DEMO_CUSTOMER.password)).statusCode).toBe(422);
  });

  it('checks a password as costly for an unknown e-mail as for a wrong one: timing does not tell whether an account exists', async () => {
    // An unknown address still costs one password check, against a dummy hash of the same
    // parameters: scrypt dominates both answers, so both take as long. Counted, not timed.
    const customer = await newCustomer();
    const checkedFor = async (email: string) => {
      verifications.length = 0;
      expect((await login(await newVisitor(), email, 'not-the-password')).statusCode).toBe(422);
      expect(verifications).toHaveLength(1);
      return verifications[0]!;
    };
    const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');
    const known = await checkedFor(customer.email);
    const unknown = await checkedFor(uniqueEmail('inconnu'));
    expect(parameters(unknown)).toBe(parameters(known));
    expect(parameters(known)).toMatch(/^scrypt\$32768\$8\$1$/);
  });

  it('refuses a missing password or a malformed e-mail with the form messages', async () => {
    const v = await newVisitor();
    fieldError(await v.request('POST', '/api/login', { email: DEMO_CUSTOMER.email }), 'password', 'Merci de saisir votre mot de passe.');
    fieldError(await v.request('POST', '/api/login', { email: DEMO_CUSTOMER.email, password: '' }), 'password', 'Merci de saisir votre mot de passe.');
    fieldError(await v.request('POST', '/api/login', { email: 'demo', password: 'popote-demo' }), 'email', MESSAGES.email);
    expect((await me(v)).statusCode).toBe(401);
  });

  it('with remember, sets both cookies for 7 days and keeps the session 7 days', async () => {
    for (const remember of [true, 'on', '1']) {
      const customer = await newCustomer();
      const v = await newVisitor();
      const res = await login(v, customer.email, customer.password, remember);
      expect(res.statusCode, res.body).toBe(200);
      const inAWeek = new Date(NOW.getTime() + 7 * DAY_MS);
      for (const name of [SESSION, XSRF]) expect(cookieOf(res, name)?.expires?.toISOString(), name).toBe(inAWeek.toISOString());
      expect(cookieOf(res, SESSION)).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookieOf(res, XSRF)?.httpOnly).toBeFalsy();
      expect(await sessionRow(v.token())).toMatchObject({ customerId: customer.id, remember: true, expiresAt: inAWeek });

      // Still logged in six days later; not after the week.
      app.clock.set(new Date(NOW.getTime() + 6 * DAY_MS));
      expect((await meWithToken(v.token())).statusCode).toBe(200);
      app.clock.set(NOW);
    }
  });

  it('without remember, sets browser-session cookies (no Expires) and keeps the session one day', async () => {
    for (const remember of [undefined, false, '0']) {
      const { v } = await loggedIn(remember);
      const session = await sessionRow(v.token());
      expect(session).toMatchObject({ remember: false, expiresAt: new Date(NOW.getTime() + DAY_MS) });
    }
    const customer = await newCustomer();
    const v = await newVisitor();
    const res = await login(v, customer.email, customer.password);
    for (const name of [SESSION, XSRF]) {
      const cookie = cookieOf(res, name);
      expect(cookie, name).toBeDefined();
      expect(cookie!.expires, name).toBeUndefined();
      expect(cookie!.maxAge, name).toBeUndefined();
    }
    expect(res.headers['set-cookie']!.toString()).not.toMatch(/Expires|Max-Age/i);
    app.clock.set(new Date(NOW.getTime() + DAY_MS + 1000));
    expect((await me(v)).statusCode).toBe(401);
  });

  it('rotates the session: a new token and anti-forgery token, the old ones dead', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    const anonymousToken = v.token();
    const anonymousXsrf = v.xsrf();
    expect((await login(v, customer.email, customer.password)).statusCode).toBe(200);
    expect(v.token()).not.toBe(anonymousToken);
    expect(v.xsrf()).not.toBe(anonymousXsrf);
    expect(await sessionRow(anonymousToken)).toBeNull();
    expect((await meWithToken(anonymousToken)).statusCode).toBe(401);
    expect((await me(v)).statusCode).toBe(200);
    // The old anti-forgery token does not pass with the new session.
    const stale = await rawCall('POST', '/api/logout', { [SESSION]: v.token() }, { xsrf: anonymousXsrf });
    expect(stale.statusCode).toBe(419);

    // Logging in again (here with remember) rotates once more: the previous customer session is dead.
    const loggedToken = v.token();
    expect((await login(v, customer.email, customer.password, true)).statusCode).toBe(200);
    expect(v.token()).not.toBe(loggedToken);
    expect((await meWithToken(loggedToken)).statusCode).toBe(401);
    expect((await me(v)).statusCode).toBe(200);
  });

  it('keeps the visitor’s delivery choice', async () => {
    const [delivery] = await db().select().from(t.deliveries).where(eq(t.deliveries.date, MONDAY)).limit(1);
    const customer = await newCustomer();
    const v = await newVisitor();
    await db().update(t.sessions).set({ deliveryId: delivery!.id }).where(eq(t.sessions.id, hashToken(v.token())));
    expect((await login(v, customer.email, customer.password)).statusCode).toBe(200);
    expect((await sessionRow(v.token()))!.deliveryId).toBe(delivery!.id);
  });

  it('takes the anonymous cart along: the cart follows a login (issue 5)', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    const before = cartOf(await addDish(v, 'veloute-potimarron'));
    expect(cartLines(before)).toEqual([['Velouté de potimarron', 1]]);
    const [anonymousRow] = await db().select().from(t.carts).where(eq(t.carts.sessionId, hashToken(v.token())));
    expect(anonymousRow!.customerId).toBeNull();

    expect((await login(v, customer.email, customer.password)).statusCode).toBe(200);
    const after = cartOf(await v.request('GET', '/api/cart'));
    expect(after.products).toEqual(before.products);
    expect(after.final_price).toBe(before.final_price);
    const rows = await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: anonymousRow!.id, customerId: customer.id, sessionId: null });
    expect(stateSchema.parse((await v.request('GET', '/api/state')).json()).cart?.products).toEqual(before.products);

    // It is the customer's cart: another device logging in finds it.
    const phone = await newVisitor();
    expect((await login(phone, customer.email, customer.password)).statusCode).toBe(200);
    expect(cartOf(await phone.request('GET', '/api/cart')).products).toEqual(before.products);
  });

  it('merges the anonymous cart into the customer’s cart from another device', async () => {
    const customer = await newCustomer();
    const desk = await newVisitor();
    expect((await login(desk, customer.email, customer.password)).statusCode).toBe(200);
    cartOf(await addDish(desk, 'salade-lentilles-puy'));
    cartOf(await addDish(desk, 'eau-minerale-plate'));

    const v = await newVisitor();
    cartOf(await addDish(v, 'eau-minerale-plate'));
    cartOf(await addDish(v, 'tarte-tatin'));
    const [anonymous] = await db().select().from(t.carts).where(eq(t.carts.sessionId, hashToken(v.token())));
    expect((await login(v, customer.email, customer.password)).statusCode).toBe(200);

    const merged = cartOf(await v.request('GET', '/api/cart'));
    expect(Object.fromEntries(cartLines(merged))).toEqual({
      'Salade de lentilles vertes du Puy': 1,
      'Eau minérale plate': 2,
      'Tarte Tatin': 1,
    });
    expect(cartOf(await desk.request('GET', '/api/cart'))).toEqual(merged);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toHaveLength(1);
    expect(await db().select().from(t.carts).where(eq(t.carts.id, anonymous!.id))).toEqual([]);
  });
});

/* ================================================================ logout */

describe('POST /api/logout', () => {
  it('ends the session and starts a new anonymous one; the cart stays the customer’s', async () => {
    const { v, customer } = await loggedIn(true);
    const cart = cartOf(await addDish(v, 'veloute-potimarron'));
    const token = v.token();
    const xsrf = v.xsrf();

    const res = await v.request('POST', '/api/logout');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Vous êtes déconnecté. À bientôt !' });
    expect(v.token()).not.toBe(token);
    expect(v.xsrf()).not.toBe(xsrf);
    // The anonymous session's cookies last 7 days.
    expect(cookieOf(res, SESSION)?.expires?.toISOString()).toBe(new Date(NOW.getTime() + 7 * DAY_MS).toISOString());

    expect(await sessionRow(token)).toBeNull();
    expect((await meWithToken(token)).statusCode).toBe(401);
    expect(await sessionRow(v.token())).toMatchObject({ customerId: null });
    expect((await me(v)).statusCode).toBe(401);
    expect(stateSchema.parse((await v.request('GET', '/api/state')).json()).customer).toBeNull();
    expect(cartOf(await v.request('GET', '/api/cart')).products).toEqual([]);

    // Logging in again, elsewhere, finds the cart.
    const other = await newVisitor();
    expect((await login(other, customer.email, customer.password)).statusCode).toBe(200);
    expect(cartOf(await other.request('GET', '/api/cart')).products).toEqual(cart.products);
  });

  it('ends only this session: the customer’s other devices stay logged in', async () => {
    const { v, customer } = await loggedIn();
    const other = await newVisitor();
    expect((await login(other, customer.email, customer.password)).statusCode).toBe(200);
    expect((await v.request('POST', '/api/logout')).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('gives an anonymous visitor a fresh session too', async () => {
    const v = await newVisitor();
    const token = v.token();
    expect((await v.request('POST', '/api/logout')).statusCode).toBe(200);
    expect(v.token()).not.toBe(token);
    expect(await sessionRow(token)).toBeNull();
  });
});
