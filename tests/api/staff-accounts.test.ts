import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { STAFF_ERRORS, STAFF_MESSAGES, staffMeSchema } from '#shared/api/staff';
import { STAFF_SESSION_COOKIE, STAFF_XSRF_COOKIE } from '#shared/api/staff-session';
import { createTestApp, refused, visitor, type TestApp } from './helpers';
import { acceptInvitation, enrolSecondFactor, staffBrowser, staffLoggedIn, TEAM, TEAM_PASSWORD } from './staff-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const mailsTo = (email: string) => db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email));
const linkTokenOf = (text: string) => /\/equipe\/bienvenue#([\w-]+)/.exec(text)![1]!;

describe('logging in to the team app', () => {
  it('opens a session of its own: HttpOnly, SameSite=Strict, 12 hours, with a readable anti-forgery token', async () => {
    const browser = staffBrowser(app.app);
    const res = await browser.request('POST', '/api/staff/login', { email: TEAM.admin, password: TEAM_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffMeSchema.parse(res.json())).toMatchObject({ email: TEAM.admin, roles: ['admin'] });
    const session = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)!;
    const xsrf = res.cookies.find((c) => c.name === STAFF_XSRF_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.sameSite).toBe('Strict');
    expect((session.expires as Date).getTime() - app.clock.now().getTime()).toBe(12 * 3600 * 1000);
    expect((await browser.request('GET', '/api/staff/me')).json()).toMatchObject({ email: TEAM.admin, name: 'Alice Admin' });
  });

  it('refuses a wrong password and an unknown address with the same words', async () => {
    for (const credentials of [
      { email: TEAM.admin, password: 'pas-le-bon' },
      { email: 'inconnu@popote.fr', password: TEAM_PASSWORD },
    ]) {
      const body = refused(await staffBrowser(app.app).request('POST', '/api/staff/login', credentials), 422);
      expect(body.errors?.email).toEqual([STAFF_MESSAGES.badCredentials]);
    }
    refused(await staffBrowser(app.app).request('POST', '/api/staff/login', { email: 'pas-une-adresse', password: 'x' }), 422);
    refused(await staffBrowser(app.app).request('POST', '/api/staff/login', {}), 422);
  });

  it('is throttled like a customer’s: guesses sent at once all count, the right password sent last waits', async () => {
    const ip = '10.99.0.1';
    const browser = staffBrowser(app.app, ip);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => browser.request('POST', '/api/staff/login', { email: TEAM.cuisine, password: 'devine' })),
      browser.request('POST', '/api/staff/login', { email: TEAM.cuisine, password: TEAM_PASSWORD }),
    ]);
    expect(answers.filter((r) => r.statusCode === 422).length).toBeLessThanOrEqual(3);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it('a customer’s session is not a team session, and a page of another site may not log anyone in', async () => {
    const customer = await visitor(app.app);
    refused(await customer.request('GET', '/api/staff/me'), 401, STAFF_ERRORS.unauthenticated);
    refused(await staffBrowser(app.app).request('POST', '/api/staff/login', { email: TEAM.admin, password: TEAM_PASSWORD }, { 'sec-fetch-site': 'cross-site' }), 419);
  });

  it('ends on logout: the session is dead server-side', async () => {
    const browser = await staffLoggedIn(app.app, TEAM.livreur);
    const cookie = browser.jar.header();
    expect((await browser.request('POST', '/api/staff/logout')).statusCode).toBe(200);
    refused(await app.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } }), 401, STAFF_ERRORS.unauthenticated);
  });
});

describe('every team route', () => {
  const PUBLIC = new Set(['POST /api/staff/login', 'POST /api/staff/password']);
  // A session at its second factor's step opens these, and nothing else.
  const PENDING = new Set(['GET /api/staff/me', 'POST /api/staff/logout', 'POST /api/staff/second-factor/verify', 'POST /api/staff/second-factor/enrolment', 'POST /api/staff/second-factor/enrolment/confirm']);
  const routes = () =>
    app.app.routeList
      .filter((r) => r.url.startsWith('/api/staff/'))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ method: method as 'GET', url: r.url })))
      .filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
  const concrete = (url: string) => url.replace(':date', '2026-11-23').replace(/:\w+/g, '1');

  it('answers 401 staff_unauthenticated without a team session, a customer’s session included', async () => {
    const customer = await visitor(app.app);
    expect(routes().length).toBeGreaterThan(8);
    for (const { method, url } of routes()) {
      const path = concrete(url) + (method === 'GET' ? '?date=2026-11-23' : '');
      refused(await app.app.inject({ method, url: path, payload: {} }), 401, STAFF_ERRORS.unauthenticated);
      refused(await customer.request(method, path, {}), 401, STAFF_ERRORS.unauthenticated);
    }
  });

  it('answers 401 staff_second_factor to an admin’s session between the password and the second factor, on every route but its step’s', async () => {
    const admin = await staffLoggedIn(app.app);
    await admin.request('POST', '/api/staff/members', { email: 'entre-deux@popote.fr', name: 'Entre Deux', roles: ['admin'] });
    const pending = await acceptInvitation(app.app, (await mailsTo('entre-deux@popote.fr'))[0]!.text);
    expect((await pending.request('GET', '/api/staff/me')).json()).toMatchObject({ pending: 'enrol' });
    const closed = routes().filter((r) => !PENDING.has(`${r.method} ${r.url}`));
    expect(closed.length).toBeGreaterThan(8);
    for (const { method, url } of closed) {
      const path = concrete(url) + (method === 'GET' ? '?date=2026-11-23' : '');
      refused(await pending.request(method, path, {}), 401, STAFF_ERRORS.secondFactorPending);
    }
  });

  it('answers 419 to a change without the session’s anti-forgery token', async () => {
    const browser = await staffLoggedIn(app.app);
    refused(await browser.request('POST', '/api/staff/members', { email: 'x@popote.fr', name: 'X', roles: ['cuisine'] }, { 'x-xsrf-token': 'faux' }), 419);
  });

  it('answers 403 staff_forbidden to a role that may not: the kitchen and the courier stay out of accounts, orders and audit', async () => {
    for (const email of [TEAM.cuisine, TEAM.livreur]) {
      const browser = await staffLoggedIn(app.app, email);
      for (const [method, url] of [
        ['GET', '/api/staff/members'],
        ['GET', '/api/staff/orders?date=2026-11-23'],
        ['GET', '/api/staff/audit?date=2026-11-23'],
        ['POST', '/api/staff/orders/1/cancel'],
      ] as const) {
        refused(await browser.request(method, url, { reason: 'essai' }), 403, STAFF_ERRORS.forbidden);
      }
    }
    const courier = await staffLoggedIn(app.app, TEAM.livreur);
    refused(await courier.request('GET', '/api/staff/stock?date=2026-11-23'), 403, STAFF_ERRORS.forbidden);
    const cook = await staffLoggedIn(app.app, TEAM.cuisine);
    expect((await cook.request('GET', '/api/staff/stock?date=2026-11-23')).statusCode).toBe(200);
  });
});

describe('the team’s members (admin)', () => {
  it('an invitation sends a one-time link; the member sets a password with it, once, and is logged in', async () => {
    const admin = await staffLoggedIn(app.app);
    const created = await admin.request('POST', '/api/staff/members', { email: 'Nina@Popote.fr', name: 'Nina Neuve', roles: ['cuisine', 'livreur'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ member: { email: 'nina@popote.fr', roles: ['cuisine', 'livreur'], active: true, password_set: false, second_factor: false, second_factor_required: false }, delivery: { mailed: true, link: null } });
    refused(await admin.request('POST', '/api/staff/members', { email: 'nina@popote.fr', name: 'Nina Bis', roles: ['cuisine'] }), 409, STAFF_ERRORS.emailTaken);
    refused(await admin.request('POST', '/api/staff/members', { email: 'x@popote.fr', name: 'X', roles: [] }), 422);
    refused(await admin.request('POST', '/api/staff/members', { email: 'x@popote.fr', name: 'X', roles: ['chef'] }), 422);

    const [mail] = await mailsTo('nina@popote.fr');
    expect(mail!.subject).toBe('Votre accès à Popote Équipe');
    const token = linkTokenOf(mail!.text);
    // Not before the password is set.
    refused(await staffBrowser(app.app).request('POST', '/api/staff/login', { email: 'nina@popote.fr', password: 'ardoise-brume-tricycle' }), 422);
    const nina = staffBrowser(app.app);
    refused(await nina.request('POST', '/api/staff/password', { token, password: 'court', password_confirmation: 'court' }), 422);
    const set = await nina.request('POST', '/api/staff/password', { token, password: 'ardoise-brume-tricycle', password_confirmation: 'ardoise-brume-tricycle' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await nina.request('GET', '/api/staff/me')).json()).toMatchObject({ email: 'nina@popote.fr', pending: null });
    refused(await staffBrowser(app.app).request('POST', '/api/staff/password', { token, password: 'quenelle-orage-vingt', password_confirmation: 'quenelle-orage-vingt' }), 410, STAFF_ERRORS.linkInvalid);
    expect((await staffBrowser(app.app).request('POST', '/api/staff/login', { email: 'nina@popote.fr', password: 'ardoise-brume-tricycle' })).statusCode).toBe(200);
  });

  it('roles change, an account is disabled (its sessions end) and enabled again', async () => {
    const admin = await staffLoggedIn(app.app);
    const invited = ((await admin.request('POST', '/api/staff/members', { email: 'paul@popote.fr', name: 'Paul', roles: ['livreur'] })).json() as { member: { id: number } }).member;
    const token = linkTokenOf((await mailsTo('paul@popote.fr'))[0]!.text);
    const paul = staffBrowser(app.app);
    await paul.request('POST', '/api/staff/password', { token, password: 'velo-cargo-pluie-7', password_confirmation: 'velo-cargo-pluie-7' });
    expect((await admin.request('PATCH', `/api/staff/members/${invited.id}`, { roles: ['cuisine'] })).json()).toMatchObject({ roles: ['cuisine'] });
    expect((await paul.request('GET', '/api/staff/me')).json()).toMatchObject({ roles: ['cuisine'] });
    expect((await admin.request('PATCH', `/api/staff/members/${invited.id}`, { active: false })).json()).toMatchObject({ active: false });
    refused(await paul.request('GET', '/api/staff/me'), 401, STAFF_ERRORS.unauthenticated);
    refused(await staffBrowser(app.app).request('POST', '/api/staff/login', { email: 'paul@popote.fr', password: 'velo-cargo-pluie-7' }), 422);
    expect((await admin.request('PATCH', `/api/staff/members/${invited.id}`, { active: true })).json()).toMatchObject({ active: true });
    expect((await staffBrowser(app.app).request('POST', '/api/staff/login', { email: 'paul@popote.fr', password: 'velo-cargo-pluie-7' })).statusCode).toBe(200);
    refused(await admin.request('PATCH', '/api/staff/members/999999', { active: false }), 404);
    refused(await admin.request('PATCH', '/api/staff/members/abc', { active: false }), 422);
  });

  it('keeps one admin able to log in: the last cannot be disabled or lose the role, even by two admins at once', async () => {
    const app2 = await createTestApp();
    try {
      const alice = await staffLoggedIn(app2.app);
      const [aliceRow] = await app2.database.db.select().from(t.staff).where(eq(t.staff.email, TEAM.admin));
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { active: false }), 409, STAFF_ERRORS.lastAdmin);
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { roles: ['cuisine'] }), 409, STAFF_ERRORS.lastAdmin);
      // A second admin, able to log in (password and second factor); each disables the other at the same moment: one of them stays.
      const bob = ((await alice.request('POST', '/api/staff/members', { email: 'bob@popote.fr', name: 'Bob', roles: ['admin'] })).json() as { member: { id: number } }).member;
      const [mail] = await app2.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'bob@popote.fr'));
      const bobBrowser = await acceptInvitation(app2.app, mail!.text);
      await enrolSecondFactor(bobBrowser, app2.clock);
      const [a, b] = await Promise.all([alice.request('PATCH', `/api/staff/members/${bob.id}`, { active: false }), bobBrowser.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { active: false })]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect([[200, 409], [200, 401]]).toContainEqual(statuses);
      const admins = await app2.database.db.select().from(t.staff);
      expect(admins.filter((s) => !s.disabledAt && s.roles.includes('admin'))).toHaveLength(1);
    } finally {
      await app2.close();
    }
  });

  it('a new one-time link can be sent; the list says who has set a password', async () => {
    const admin = await staffLoggedIn(app.app);
    const list = (await admin.request('GET', '/api/staff/members')).json() as { email: string; password_set: boolean }[];
    expect(list.find((m) => m.email === TEAM.admin)).toMatchObject({ password_set: true });
    const member = ((await admin.request('POST', '/api/staff/members', { email: 'lea@popote.fr', name: 'Léa', roles: ['livreur'] })).json() as { member: { id: number } }).member;
    const again = await admin.request('POST', `/api/staff/members/${member.id}/link`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ mailed: true, link: null, message: expect.stringContaining('lea@popote.fr') });
    expect(await mailsTo('lea@popote.fr')).toHaveLength(2);
  });
});

describe('the demo’s team', () => {
  it('signs in with its published password alone, its admin too: no second factor for the public demo', async () => {
    for (const email of [TEAM.admin, TEAM.cuisine, TEAM.livreur]) {
      const res = await staffBrowser(app.app).request('POST', '/api/staff/login', { email, password: TEAM_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email, pending: null });
    }
  });

  it('never logs in where demo data is not allowed, even if its row is there', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
    try {
      await production.database.db.insert(t.staff).values({ email: 'intrus@popote.fr', name: 'Intrus', roles: ['admin'], passwordHash: (await app.database.db.select().from(t.staff).where(eq(t.staff.email, TEAM.admin)))[0]!.passwordHash, demo: true });
      const body = refused(await staffBrowser(production.app).request('POST', '/api/staff/login', { email: 'intrus@popote.fr', password: TEAM_PASSWORD }), 422);
      expect(body.errors?.email).toEqual([STAFF_MESSAGES.badCredentials]);
    } finally {
      await production.close();
    }
  });
});

describe('the audit trail', () => {
  it('lists the day’s actions, who did them and their request, and can be neither changed nor deleted', async () => {
    const admin = await staffLoggedIn(app.app);
    await admin.request('POST', '/api/staff/members', { email: 'audit@popote.fr', name: 'Audit', roles: ['cuisine'] });
    const res = await admin.request('GET', '/api/staff/audit?date=2026-11-23');
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as { action: string; staff: string | null; request_id: string | null; details: Record<string, unknown> }[];
    expect(entries.find((e) => e.action === 'staff.invite' && e.details.member === 'audit@popote.fr')).toMatchObject({ staff: TEAM.admin, request_id: expect.any(String) });
    expect(entries.some((e) => e.action === 'staff.login')).toBe(true);
    refused(await admin.request('GET', '/api/staff/audit?date=hier'), 422);
    await expect(app.database.db.update(t.auditLog).set({ action: 'rien' })).rejects.toThrow();
    await expect(app.database.db.delete(t.auditLog)).rejects.toThrow();
  });
});
