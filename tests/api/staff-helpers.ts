import { PDFParse } from 'pdf-parse';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { STAFF_SESSION_COOKIE, STAFF_XSRF_COOKIE } from '#shared/api/staff-session';
import type { Database } from '../../server/db/client';
import * as t from '../../server/db/schema';
import type { StaffRole } from '../../server/db/schema';
import { hashToken, randomToken } from '../../server/lib/tokens';
import type { Clock } from '../../server/lib/clock';
import { totpCode } from '../../server/lib/totp';
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
 * Another team member, with a full session opened straight in the database (no login, no second
 * factor's step): a second admin for what needs two pairs of eyes.
 */
export async function staffMemberSession(app: { app: FastifyInstance; database: Database }, member: { email: string; name: string; roles: StaffRole[] }): Promise<StaffBrowser & { id: number }> {
  const db = app.database.db;
  // Enrolled in the second factor (an admin must be): the session stands as after it.
  await db.insert(t.staff).values({ email: member.email, name: member.name, roles: member.roles, totpEnabledAt: new Date() }).onConflictDoNothing();
  const [row] = await db.select().from(t.staff).where(eq(t.staff.email, member.email));
  const token = randomToken();
  const csrf = randomToken();
  await db.insert(t.staffSessions).values({ id: hashToken(token), staffId: row!.id, csrfToken: csrf, expiresAt: new Date(Date.now() + 12 * 3600_000), createdAt: new Date() });
  const browser = staffBrowser(app.app);
  browser.jar.set(STAFF_SESSION_COOKIE, token);
  browser.jar.set(STAFF_XSRF_COOKIE, csrf);
  return Object.assign(browser, { id: row!.id });
}

/** A member's second factor as their phone holds it: the secret, and the code it shows now. */
export interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  code(at?: Date): string;
}

/**
 * Enrols the second factor in a browser whose session is at the enrolment step (an admin after
 * their password): the QR code's secret read as text, confirmed by its code now. The clock moves
 * on a step after, so the next code asked is a new one (a code is never accepted twice).
 */
export async function enrolSecondFactor(browser: StaffBrowser, clock: Clock): Promise<Authenticator> {
  const started = await browser.request('POST', '/api/staff/second-factor/enrolment');
  expect(started.statusCode, started.body).toBe(200);
  const secret = (started.json() as { secret: string }).secret.replace(/\s+/g, '');
  const confirmed = await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', { code: totpCode(secret, clock.now()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  clock.set(new Date(clock.now().getTime() + 30_000));
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes, code: (at = clock.now()) => totpCode(secret, at) };
}

/** An invited member sets their password through the link of the latest mail sent to them. */
export async function acceptInvitation(app: FastifyInstance, linkText: string, password = 'ardoise-brume-tricycle-quatorze'): Promise<StaffBrowser> {
  const token = /\/equipe\/bienvenue#([\w-]+)/.exec(linkText)![1]!;
  const browser = staffBrowser(app);
  const res = await browser.request('POST', '/api/staff/password', { token, password, password_confirmation: password });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}
