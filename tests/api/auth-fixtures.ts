import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import * as t from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import type { Cart } from '#shared/api/cart';
import { customerSummarySchema } from '#shared/api/state';
import type { testFile } from './fixtures';
import { MONDAY, at, cookieJar, refused } from './helpers';

/*
 * The visitors and customers of the sign-up, login, logout and password reset files (auth-*.test.ts):
 * visitors with an address of their own or a shared one, customers signed up through the API.
 */

export const SESSION = 'popote_session';
export const XSRF = 'XSRF-TOKEN';
export const DAY_MS = 24 * 3600 * 1000;
export const NOW = at(MONDAY, '09:00:00');
export const PASSWORD = 'correct-horse-42';

/** A 422 naming exactly one field with exactly one message. */
export function fieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = refused(res, 422, 'validation_failed');
  expect(body.errors?.[field], res.body).toEqual([message]);
  return body;
}

export const cartLines = (cart: Cart) => cart.products.map((p) => [p.product_name, p.quantity]);

type Method = 'GET' | 'POST';

let ipCount = 0;
let emailCount = 0;

/** The builders of the auth files, on the file's app (tests/api/fixtures.ts, testFile). */
export function authFixtures({ app, dish, mailsTo }: Pick<ReturnType<typeof testFile>, 'app' | 'dish' | 'mailsTo'>) {
  const db = () => app.database.db;

  /** A client address of its own: login, sign-up and reset are rate-limited per IP. */
  function newIp() {
    ipCount++;
    return `198.51.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
  }

  /** A browser: its cookies, its anti-forgery header, and an IP of its own unless given one. */
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

  const uniqueEmail = (label = 'client') => `${label}-${++emailCount}@example.test`;

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

  const login = (v: Visitor, email: string, password = PASSWORD, remember?: unknown) =>
    v.request('POST', '/api/login', remember === undefined ? { email, password } : { email, password, remember });

  /** A customer signed up through the API (from a visitor of its own), with its password. */
  async function newCustomer(overrides: Record<string, unknown> = {}) {
    const body = signup(overrides);
    const res = await (await newVisitor()).request('POST', '/api/register', body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...customerSummarySchema.parse(res.json()), password: body.password as string };
  }

  return {
    newIp,
    newVisitor,
    rawCall,
    meWithToken: (token: string) => rawCall('GET', '/api/me', { [SESSION]: token }),
    uniqueEmail,
    signup,
    register: (v: Visitor, overrides: Record<string, unknown> = {}) => v.request('POST', '/api/register', signup(overrides)),
    login,
    me: (v: Visitor) => v.request('GET', '/api/me'),
    newCustomer,
    /** A visitor logged in as a new customer. */
    async loggedIn(remember?: unknown) {
      const customer = await newCustomer();
      const v = await newVisitor();
      const res = await login(v, customer.email, customer.password, remember);
      expect(res.statusCode, res.body).toBe(200);
      return { v, customer };
    },
    customerRow: (email: string) => db().select().from(t.customers).where(eq(t.customers.email, email)),
    sessionRow: async (token: string) => (await db().select().from(t.sessions).where(eq(t.sessions.id, hashToken(token))))[0] ?? null,
    addDish: (v: Visitor, slug: string) => v.request('POST', '/api/cart/products', { id: dish(slug).id }),

    /** The token and e-mail of the last reset link mailed to `email`. */
    async resetLinkOf(email: string) {
      const mails = await mailsTo(email);
      const mail = mails.filter((m) => m.subject.includes('mot de passe')).at(-1);
      if (!mail) throw new Error(`no reset mail to ${email}`);
      const match = /\/compte\/mot-de-passe\/([A-Za-z0-9_-]+)\?email=(\S+)/.exec(mail.text);
      if (!match) throw new Error(`no reset link in ${mail.text}`);
      return { token: match[1]!, email: decodeURIComponent(match[2]!), text: mail.text };
    },
    askReset: (v: Visitor, email: string) => v.request('POST', '/api/auth/password/email', { email }),
    reset: (v: Visitor, body: { token: string; email: string; password: string; password_confirmation?: string }) =>
      v.request('POST', '/api/auth/password/reset', { password_confirmation: body.password, ...body }),
  };
}
