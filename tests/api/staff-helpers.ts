import { PDFParse } from 'pdf-parse';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { STAFF_SESSION_COOKIE, STAFF_XSRF_COOKIE } from '#shared/api/staff-session';
import type { Database } from '../../server/db/client';
import * as t from '../../server/db/schema';
import type { StaffRole } from '../../server/db/schema';
import { hashToken, randomToken } from '../../server/lib/tokens';
import { cookieJar } from './helpers';

/** The demo's team (seeded with the demo data), one account per role. */
export const TEAM = { admin: 'admin@popote.fr', cuisine: 'cuisine@popote.fr', livreur: 'livreur@popote.fr' } as const;
export const TEAM_PASSWORD = 'popote-demo';

let addresses = 0;

/** A team member's browser: their cookies, and their session's anti-forgery token echoed on changes. */
export function staffBrowser(app: FastifyInstance, remoteAddress = `10.88.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`) {
  const jar = cookieJar();
  return {
    jar,
    request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      return app
        .inject({ method, url, payload: payload as never, remoteAddress, headers: { cookie: jar.header(), 'x-xsrf-token': jar.get(STAFF_XSRF_COOKIE) ?? '', ...headers } })
        .then((res) => {
          jar.store(res);
          return res;
        });
    },
  };
}
export type StaffBrowser = ReturnType<typeof staffBrowser>;

/** A member logged in (the demo's accounts by default). */
export async function staffLoggedIn(app: FastifyInstance, email: string = TEAM.admin, password = TEAM_PASSWORD): Promise<StaffBrowser> {
  const browser = staffBrowser(app);
  const res = await browser.request('POST', '/api/staff/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

/** A PDF's text, every kind of space as a plain one. */
export async function pdfTextOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/[^\S\n]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/**
 * Another team member, with a session opened straight in the database (no login step): a second
 * admin for what needs two pairs of eyes, whatever the login asks of a new account.
 */
export async function staffMemberSession(app: { app: FastifyInstance; database: Database }, member: { email: string; name: string; roles: StaffRole[] }): Promise<StaffBrowser & { id: number }> {
  const db = app.database.db;
  await db.insert(t.staff).values({ email: member.email, name: member.name, roles: member.roles }).onConflictDoNothing();
  const [row] = await db.select().from(t.staff).where(eq(t.staff.email, member.email));
  const token = randomToken();
  const csrf = randomToken();
  await db.insert(t.staffSessions).values({ id: hashToken(token), staffId: row!.id, csrfToken: csrf, expiresAt: new Date(Date.now() + 12 * 3600_000), createdAt: new Date() });
  const browser = staffBrowser(app.app);
  browser.jar.set(STAFF_SESSION_COOKIE, token);
  browser.jar.set(STAFF_XSRF_COOKIE, csrf);
  return Object.assign(browser, { id: row!.id });
}
