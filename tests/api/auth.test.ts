import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { hashToken } from '../../server/lib/tokens';
import { AUTH_LIMITS } from '../../server/modules/auth/auth.routes';
import { LOGIN_THROTTLE } from '../../server/modules/auth/login-throttle';
import { AUTH_MESSAGES, PASSWORD_MESSAGE, userSchema } from '#shared/api/auth';
import { cartSchema, type Cart } from '#shared/api/cart';
import { productListSchema, type CatalogProduct } from '#shared/api/catalog';
import { MESSAGES } from '#shared/api/messages';
import { customerSummarySchema, stateSchema } from '#shared/api/state';
import { MONDAY, at, cookieJar, createTestApp, refused, type TestApp } from './helpers';
import type { ErrorBody } from '#shared/api/errors';
import type * as passwordModule from '../../server/lib/password';

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

const SESSION = 'popote_session';
const XSRF = 'XSRF-TOKEN';
const DAY_MS = 24 * 3600 * 1000;
const NOW = at(MONDAY, '09:00:00');

let app: TestApp;
let dishes: CatalogProduct[];

beforeAll(async () => {
  app = await createTestApp();
  // Portions for every test: no seeded daily stock runs out halfway through the file.
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
  dishes = productListSchema.parse((await app.app.inject('/api/products')).json());
});
afterAll(() => app.close());
afterEach(() => app.clock.set(NOW));

const db = () => app.database.db;

/* ---------------------------------------------------------------- visitors */

let ipCount = 0;
/** A client address of its own: login, sign-up and reset are rate-limited per IP. */
function newIp() {
  ipCount++;
  return `198.51.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
}

type Method = 'GET' | 'POST';

/** A browser: its cookies, its anti-forgery header, and an IP of its own (the shared helper has none). */
async function newVisitor(ip = newIp()) {
  const jar = cookieJar();
  const request = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.app
      .inject({
        method,
        url,
        remoteAddress: ip,
        payload: payload as never,
        headers: { cookie: jar.header(), 'x-xsrf-token': jar.get(XSRF) ?? '', ...headers },
      })
      .then((res) => {
        jar.store(res);
        return res;
      });
  await request('GET', '/api/state');
  return { jar, ip, request, token: () => jar.get(SESSION)!, xsrf: () => jar.get(XSRF)! };
}
type Visitor = Awaited<ReturnType<typeof newVisitor>>;

/** A call with exactly these cookies and anti-forgery header (an old or stolen cookie). */
function rawCall(method: Method, url: string, cookies: Record<string, string>, options: { xsrf?: string; payload?: unknown; ip?: string } = {}) {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return app.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? newIp(),
    payload: options.payload as never,
    headers: { cookie, ...(options.xsrf === undefined ? {} : { 'x-xsrf-token': options.xsrf }) },
  });
}
const meWithToken = (token: string) => rawCall('GET', '/api/me', { [SESSION]: token });

/* ---------------------------------------------------------------- customers */

let emailCount = 0;
const uniqueEmail = (label = 'client') => `${label}-${++emailCount}@example.test`;
const PASSWORD = 'correct-horse-42';

function signup(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Zoé',
    lastname: 'Lambert',
    company_name: 'Canut & Cie',
    phone: '06 12 34 56 78',
    email: uniqueEmail(),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    cgv: true,
    ...overrides,
  };
}

const register = (v: Visitor, overrides: Record<string, unknown> = {}) => v.request('POST', '/api/register', signup(overrides));
const login = (v: Visitor, email: string, password = PASSWORD, remember?: unknown) =>
  v.request('POST', '/api/login', remember === undefined ? { email, password } : { email, password, remember });
const me = (v: Visitor) => v.request('GET', '/api/me');

/** A customer signed up through the API (from a visitor of its own). */
async function newCustomer(overrides: Record<string, unknown> = {}) {
  const body = signup(overrides);
  const res = await (await newVisitor()).request('POST', '/api/register', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...customerSummarySchema.parse(res.json()), password: body.password as string };
}

/** A visitor logged in as a new customer. */
async function loggedIn(remember?: unknown) {
  const customer = await newCustomer();
  const v = await newVisitor();
  const res = await login(v, customer.email, customer.password, remember);
  expect(res.statusCode, res.body).toBe(200);
  return { v, customer };
}

async function customerRow(email: string) {
  const rows = await db().select().from(t.customers).where(eq(t.customers.email, email));
  return rows;
}
const sessionRow = async (token: string) => (await db().select().from(t.sessions).where(eq(t.sessions.id, hashToken(token))))[0] ?? null;
const mailsTo = (email: string) => db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(asc(t.mailOutbox.id));

/* ---------------------------------------------------------------- answers */


/** A 422 naming exactly one field with exactly one message. */
function fieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = refused(res, 422, 'validation_failed');
  expect(body.errors?.[field], res.body).toEqual([message]);
  return body;
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

function cartOf(res: LightMyRequestResponse): Cart {
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json());
}

function dish(slug: string): CatalogProduct {
  const found = dishes.find((d) => d.slug === slug);
  if (!found) throw new Error(`no dish ${slug}`);
  return found;
}
const addDish = (v: Visitor, slug: string) => v.request('POST', '/api/cart/products', { id: dish(slug).id });
const cartLines = (cart: Cart) => cart.products.map((p) => [p.product_name, p.quantity]);

/* ---------------------------------------------------------------- reset links */

/** The token and e-mail of the last reset link mailed to `email`. */
async function resetLinkOf(email: string) {
  const mails = await mailsTo(email);
  const mail = mails.filter((m) => m.subject.includes('mot de passe')).at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  const match = /\/compte\/mot-de-passe\/([A-Za-z0-9_-]+)\?email=(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in ${mail.text}`);
  return { token: match[1]!, email: decodeURIComponent(match[2]!), text: mail.text };
}

const askReset = (v: Visitor, email: string) => v.request('POST', '/api/auth/password/email', { email });
const reset = (v: Visitor, body: { token: string; email: string; password: string; password_confirmation?: string }) =>
  v.request('POST', '/api/auth/password/reset', { password_confirmation: body.password, ...body });

/* ================================================================ sign-up */

describe('POST /api/register', () => {
  it('creates the customer and answers its summary (201)', async () => {
    const v = await newVisitor();
    const email = uniqueEmail('Inscription');
    const res = await register(v, { email: `  ${email.toUpperCase()} `, firstname: ' Zoé ', company_name: 'Canut & Cie' });
    expect(res.statusCode, res.body).toBe(201);
    const summary = customerSummarySchema.parse(res.json());
    expect(summary).toEqual({ id: expect.any(Number), firstname: 'Zoé', lastname: 'Lambert', email: email.toLowerCase(), phone: '06 12 34 56 78', isConnectedToEdenred: false });
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'firstname', 'id', 'isConnectedToEdenred', 'lastname', 'phone']);

    const [row] = await customerRow(email.toLowerCase());
    expect(row).toMatchObject({ id: summary.id, companyName: 'Canut & Cie', poolCents: 0, deposits: 0 });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    // The new customer can log in with what they chose.
    expect((await login(await newVisitor(), email, PASSWORD)).statusCode).toBe(200);
  });

  it('gives every customer a unique sponsor code: the first name’s letters in capitals, then 10 random characters (50 bits) that are neither I, O, 0 nor 1', async () => {
    const zoes = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);
    const codes: string[] = [];
    for (const zoe of zoes) {
      const [row] = await customerRow(zoe.email);
      expect(row!.sponsorCode).toMatch(/^ZOE[2-9A-HJ-NP-Z]{10}$/);
      codes.push(row!.sponsorCode);
    }
    expect(new Set(codes).size).toBe(3);

    const accented = await newCustomer({ firstname: 'Jean-Éric' });
    expect((await customerRow(accented.email))[0]!.sponsorCode).toMatch(/^JEANERIC[2-9A-HJ-NP-Z]{10}$/);
    const long = await newCustomer({ firstname: 'Marie-Bérengère' });
    expect((await customerRow(long.email))[0]!.sponsorCode).toMatch(/^MARIEBER[2-9A-HJ-NP-Z]{10}$/);
    // A first name without Latin letters still gets a code.
    const other = await newCustomer({ firstname: '李' });
    expect((await customerRow(other.email))[0]!.sponsorCode).toMatch(/^POPOTE[2-9A-HJ-NP-Z]{10}$/);
  });

  it('queues a welcome mail with the sponsor code', async () => {
    const customer = await newCustomer({ firstname: 'Lucien' });
    const [row] = await customerRow(customer.email);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Bienvenue chez Popote !', sentAt: null });
    expect(mails[0]!.text).toMatch(/^Bonjour,\n/);
    expect(mails[0]!.text).not.toContain('Lucien');
    expect(mails[0]!.text).toContain(row!.sponsorCode);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('takes the company as optional (%s)', async (_label, company_name) => {
    const customer = await newCustomer({ company_name });
    expect((await customerRow(customer.email))[0]!.companyName).toBeNull();
  });

  it.each([
    ['firstname', undefined, MESSAGES.required('prénom')],
    ['firstname', '', MESSAGES.required('prénom')],
    ['firstname', '   ', MESSAGES.required('prénom')],
    ['firstname', '!!!', MESSAGES.required('prénom')],
    ['firstname', 42, MESSAGES.required('prénom')],
    ['lastname', undefined, MESSAGES.required('nom')],
    ['lastname', '', MESSAGES.required('nom')],
    ['lastname', ' - ', MESSAGES.required('nom')],
    ['firstname', 'A'.repeat(81), 'Votre prénom ne doit pas dépasser 80 caractères.'],
    ['email', undefined, MESSAGES.email],
    ['email', '', MESSAGES.email],
    ['email', 'pas-une-adresse', MESSAGES.email],
    ['email', 'zoe@lyon', MESSAGES.email],
    ['email', 'zoé @lyon.fr', MESSAGES.email],
    ['email', `${'z'.repeat(250)}@example.fr`, MESSAGES.email],
    ['phone', undefined, MESSAGES.phone],
    ['phone', '', MESSAGES.phone],
    ['phone', '12345', MESSAGES.phone],
    ['phone', '0012345678', MESSAGES.phone],
    ['phone', '+44612345678', MESSAGES.phone],
    ['phone', '061234567', MESSAGES.phone],
    ['phone', '06123456789', MESSAGES.phone],
    ['phone', 612345678, MESSAGES.phone],
    ['password', undefined, PASSWORD_MESSAGE],
    ['password', 'court', PASSWORD_MESSAGE],
    ['password', '1234567', PASSWORD_MESSAGE],
    ['cgv', false, AUTH_MESSAGES.cgv],
    ['cgv', '0', AUTH_MESSAGES.cgv],
    ['cgv', 'false', AUTH_MESSAGES.cgv],
  ])('refuses %s = %j with its French message (422)', async (field, value, message) => {
    const email = uniqueEmail('refus');
    const body = signup({ email, [field]: value });
    if (field === 'password' && typeof value === 'string') body.password_confirmation = value;
    const res = await (await newVisitor()).request('POST', '/api/register', body);
    const error = fieldError(res, field, message);
    expect(Object.keys(error.errors!)).toEqual([field]);
    expect(error.message).toBe(message);
    expect(await customerRow(email)).toEqual([]);
  });

  it('refuses a confirmation that differs from the password, or is missing', async () => {
    for (const password_confirmation of ['correct-horse-43', undefined, '']) {
      const email = uniqueEmail('confirmation');
      const res = await register(await newVisitor(), { email, password_confirmation });
      fieldError(res, 'password_confirmation', AUTH_MESSAGES.passwordsDiffer);
      expect(await customerRow(email)).toEqual([]);
    }
  });

  it('names every wrong field at once', async () => {
    const res = await (await newVisitor()).request('POST', '/api/register', { cgv: false });
    const body = refused(res, 422, 'validation_failed');
    expect(body.errors).toMatchObject({
      firstname: [MESSAGES.required('prénom')],
      lastname: [MESSAGES.required('nom')],
      phone: [MESSAGES.phone],
      email: [MESSAGES.email],
      password: [PASSWORD_MESSAGE],
      password_confirmation: [AUTH_MESSAGES.passwordsDiffer],
      cgv: [AUTH_MESSAGES.cgv],
    });
  });

  it.each(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '04-78-00-00-00', '+33612345678', '0033612345678', ' 0612345678 '])(
    'accepts the French phone %j',
    async (phone) => {
      const customer = await newCustomer({ phone });
      expect(customer.phone).toBe(phone.trim());
    },
  );

  // A separator right after +33 / 0033 is how such numbers are often written.
  it.each(['0033 6 12 34 56 78', '+33 6 12 34 56 78'])('accepts the international form with spaces %j', async (phone) => {
    const res = await register(await newVisitor(), { phone });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([true, '1', 'on', 'true'])('takes cgv = %j as accepted', async (cgv) => {
    await newCustomer({ cgv });
  });

  // A missing or unexpected cgv answers the French message of the terms box, not zod's generic one.
  it.each([['missing', undefined], ['null', null], ['yes', 'yes'], ['number', 1]])('refuses cgv %s with its French message', async (_label, cgv) => {
    const res = await register(await newVisitor(), { cgv });
    fieldError(res, 'cgv', AUTH_MESSAGES.cgv);
  });

  it('still refuses a missing or unexpected cgv (422, never 201 or 500)', async () => {
    for (const cgv of [undefined, null, 'yes', 1, [], {}]) {
      const email = uniqueEmail('cgv');
      const res = await register(await newVisitor(), { email, cgv });
      const body = refused(res, 422, 'validation_failed');
      expect(Object.keys(body.errors!)).toEqual(['cgv']);
      expect(await customerRow(email)).toEqual([]);
    }
  });

  it('refuses an e-mail that already has an account, whatever its case (422 on email, not 500)', async () => {
    for (const email of [DEMO_CUSTOMER.email, 'Demo@Popote.FR', ' DEMO@POPOTE.FR ']) {
      const res = await register(await newVisitor(), { email });
      const body = fieldError(res, 'email', AUTH_MESSAGES.emailTaken);
      expect(body.message).toBe(AUTH_MESSAGES.emailTaken);
    }
    const first = await newCustomer();
    fieldError(await register(await newVisitor(), { email: first.email.toUpperCase() }), 'email', AUTH_MESSAGES.emailTaken);
    expect(await customerRow(first.email)).toHaveLength(1);
    // The first account keeps its password and its single welcome mail.
    expect(await mailsTo(first.email)).toHaveLength(1);
    expect((await login(await newVisitor(), first.email, first.password)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through (201 and 422)', async () => {
    const email = uniqueEmail('double');
    const [a, b] = await Promise.all([newVisitor(), newVisitor()]);
    const answers = await Promise.all([
      register(a, { email, firstname: 'Anouk' }),
      register(b, { email: email.toUpperCase(), firstname: 'Bastien' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    fieldError(answers.find((r) => r.statusCode === 422)!, 'email', AUTH_MESSAGES.emailTaken);
    expect(await customerRow(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

/* ================================================================ login */

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

/* ================================================================ password reset */

describe('password reset', () => {
  it('answers the same to a known and an unknown e-mail, and mails only the known one', async () => {
    const customer = await newCustomer();
    const unknown = uniqueEmail('inconnu');
    const known = await askReset(await newVisitor(), customer.email.toUpperCase());
    const other = await askReset(await newVisitor(), unknown);
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(other.body).toBe(known.body);

    expect(await mailsTo(unknown)).toEqual([]);
    const link = await resetLinkOf(customer.email);
    expect(link.email).toBe(customer.email);
    expect(link.text).toContain(`http://localhost:3000/compte/mot-de-passe/${link.token}?email=`);
    // Only the token's hash is stored, valid 60 minutes.
    const resets = await db().select().from(t.passwordResets).where(eq(t.passwordResets.customerId, customer.id));
    expect(resets).toEqual([expect.objectContaining({ tokenHash: hashToken(link.token), usedAt: null, expiresAt: new Date(NOW.getTime() + 60 * 60 * 1000) })]);
  });

  it('sets the new password once: the link is single-use, the old password is gone, the visitor is logged in', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);

    const v = await newVisitor();
    const anonymousToken = v.token();
    const res = await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetDone });
    // Logged in on a new session (browser-session cookies), the anonymous one gone.
    expect(v.token()).not.toBe(anonymousToken);
    expect(await sessionRow(anonymousToken)).toBeNull();
    expect(cookieOf(res, SESSION)?.expires).toBeUndefined();
    expect(userSchema.parse((await me(v)).json()).id).toBe(customer.id);

    const again = await reset(await newVisitor(), { token: link.token, email: link.email, password: 'autre-secret-77' });
    fieldError(again, 'token', AUTH_MESSAGES.resetInvalid);

    fieldError(await login(await newVisitor(), customer.email, customer.password), 'email', AUTH_MESSAGES.badCredentials);
    fieldError(await login(await newVisitor(), customer.email, 'autre-secret-77'), 'email', AUTH_MESSAGES.badCredentials);
    expect((await login(await newVisitor(), customer.email, 'nouveau-secret-99')).statusCode).toBe(200);
  });

  it('ends the customer’s older links too: only one reset per mail storm', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const first = await resetLinkOf(customer.email);
    await askReset(await newVisitor(), customer.email);
    const second = await resetLinkOf(customer.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(await newVisitor(), { token: second.token, email: customer.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    fieldError(await reset(await newVisitor(), { token: first.token, email: customer.email, password: 'autre-secret-77' }), 'token', AUTH_MESSAGES.resetInvalid);
    expect((await login(await newVisitor(), customer.email, 'nouveau-secret-99')).statusCode).toBe(200);
  });

  it('ends every other session of the customer', async () => {
    const customer = await newCustomer();
    const [desk, phone] = [await newVisitor(), await newVisitor()];
    expect((await login(desk, customer.email, customer.password, true)).statusCode).toBe(200);
    expect((await login(phone, customer.email, customer.password)).statusCode).toBe(200);
    const bystander = (await loggedIn()).v;

    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);

    expect((await me(desk)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const sessions = await db().select().from(t.sessions).where(eq(t.sessions.customerId, customer.id));
    expect(sessions.map((s) => s.id)).toEqual([hashToken(v.token())]);
    expect((await me(v)).statusCode).toBe(200);
    // Other customers are not touched.
    expect((await me(bystander)).statusCode).toBe(200);
  });

  it('works when the customer resets from a session already logged in as them', async () => {
    const { v, customer } = await loggedIn();
    const token = v.token();
    await askReset(v, customer.email);
    const link = await resetLinkOf(customer.email);
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    expect(v.token()).not.toBe(token);
    expect((await meWithToken(token)).statusCode).toBe(401);
    expect(userSchema.parse((await me(v)).json()).id).toBe(customer.id);
  });

  it('takes the resetting visitor’s anonymous cart along', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    const cart = cartOf(await addDish(v, 'tarte-tatin'));
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    expect(cartOf(await v.request('GET', '/api/cart')).products).toEqual(cart.products);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toHaveLength(1);
  });

  it('expires the link after 60 minutes', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const late = await resetLinkOf(customer.email);
    app.clock.set(new Date(NOW.getTime() + 60 * 60 * 1000 + 1000));
    fieldError(await reset(await newVisitor(), { token: late.token, email: late.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    expect((await login(await newVisitor(), customer.email, customer.password)).statusCode).toBe(200);

    // A link asked for now still works 59 minutes on.
    await askReset(await newVisitor(), customer.email);
    const fresh = await resetLinkOf(customer.email);
    expect(fresh.token).not.toBe(late.token);
    app.clock.set(new Date(app.clock.now().getTime() + 59 * 60 * 1000));
    expect((await reset(await newVisitor(), { token: fresh.token, email: fresh.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });

  it('refuses the token with another e-mail, without using it up', async () => {
    const customer = await newCustomer();
    const someone = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    for (const email of [someone.email, uniqueEmail('inconnu'), DEMO_CUSTOMER.email]) {
      fieldError(await reset(await newVisitor(), { token: link.token, email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    }
    // Nobody's password changed.
    expect((await login(await newVisitor(), someone.email, someone.password)).statusCode).toBe(200);
    expect((await login(await newVisitor(), customer.email, customer.password)).statusCode).toBe(200);
    // The right e-mail (any case) still can.
    expect((await reset(await newVisitor(), { token: link.token, email: customer.email.toUpperCase(), password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });

  it('refuses a made-up token, a short password and a differing confirmation (422)', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    fieldError(await reset(v, { token: 'x'.repeat(43), email: customer.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    fieldError(await reset(v, { token: 'court', email: customer.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    fieldError(await reset(v, { token: link.token, email: customer.email, password: 'court' }), 'password', PASSWORD_MESSAGE);
    fieldError(
      await reset(v, { token: link.token, email: customer.email, password: 'nouveau-secret-99', password_confirmation: 'nouveau-secret-98' }),
      'password_confirmation',
      AUTH_MESSAGES.passwordsDiffer,
    );
    // None of these used the link up.
    expect((await reset(v, { token: link.token, email: customer.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });
});

/* ================================================================ rate limits */

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

/* ================================================================ anti-forgery */

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
