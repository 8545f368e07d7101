import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { LOGIN_THROTTLE } from '../../server/lib/login-throttle';
import { purgeExpired } from '../../server/lib/purge';
import { totpCode } from '../../server/lib/totp';
import { ERROR_CODES } from '#shared/api/errors';
import { STAFF_ERRORS, STAFF_MESSAGES, staffEnrolledSchema, staffEnrolmentSchema, staffInvitedSchema, staffLinkSchema, staffMeSchema } from '#shared/api/staff';
import { createTestApp, refused, type TestApp } from './helpers';
import { acceptInvitation, enrolSecondFactor, staffBrowser, staffLoggedIn, TEAM, type StaffBrowser } from './staff-helpers';

/**
 * The team's accounts as a bank would keep them (docs/product/team.md): passwords judged, each
 * account's guesses slowed for a day, a second factor for every admin but the demo's public ones,
 * links that die when replaced and leave the outbox soon after, the last admin able to log in
 * kept, and the truth told when no mail can leave.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const mailsTo = (email: string) => db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(t.mailOutbox.id);
const latestMail = async (email: string) => (await mailsTo(email)).at(-1)!.text;
const STRONG = 'ardoise-brume-tricycle-quatorze';
const later = (seconds: number) => app.clock.set(new Date(app.clock.now().getTime() + seconds * 1000));

let invited = 0;
/** A new member invited by the demo's admin; their invitation mail's text. */
async function invite(roles: ('admin' | 'cuisine' | 'livreur')[], name = 'Camille Martin') {
  const email = `membre-${++invited}@exemple.fr`;
  const admin = await staffLoggedIn(app.app);
  const res = await admin.request('POST', '/api/staff/members', { email, name, roles });
  expect(res.statusCode, res.body).toBe(201);
  const { member } = staffInvitedSchema.parse(res.json());
  return { admin, email, id: member.id, mail: await latestMail(email) };
}
const tokenOf = (text: string) => /\/equipe\/bienvenue#([\w-]+)/.exec(text)![1]!;

/** An admin with their second factor, logged out: their e-mail, password and phone. */
async function enrolledAdmin() {
  const { email, id, mail } = await invite(['admin']);
  const browser = await acceptInvitation(app.app, mail, STRONG);
  const phone = await enrolSecondFactor(browser, app.clock);
  return { email, id, phone, browser };
}

async function passwordStep(email: string, password = STRONG, browser: StaffBrowser = staffBrowser(app.app)) {
  const res = await browser.request('POST', '/api/staff/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { browser, me: staffMeSchema.parse(res.json()) };
}

describe('a team password', () => {
  it('is refused when common or personal, says why and how to choose one, and leaves the link usable', async () => {
    const { mail, email } = await invite(['cuisine'], 'Camille Martin');
    const token = tokenOf(mail);
    const browser = staffBrowser(app.app);
    for (const weak of ['password', '12345678', 'azertyuiop', 'motdepasse123', 'camille-martin-1', 'popote-equipe']) {
      const body = refused(await browser.request('POST', '/api/staff/password', { token, password: weak, password_confirmation: weak }), 422);
      expect(body.errors?.password?.[0], weak).toMatch(/^Ce mot de passe est trop facile à deviner\..*Choisissez plutôt trois ou quatre mots/);
    }
    refused(await browser.request('POST', '/api/staff/password', { token, password: STRONG, password_confirmation: 'autre-chose-encore' }), 422);
    refused(await browser.request('POST', '/api/staff/password', { token, password: '', password_confirmation: '' }), 422);
    const set = await browser.request('POST', '/api/staff/password', { token, password: STRONG, password_confirmation: STRONG });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ email, pending: null });
  });
});

describe('guessing a team account’s password', () => {
  it('is slowed per account whatever the address, and remembered past a customer’s quarter of an hour: the owner gets in after the wait', async () => {
    const { mail, email } = await invite(['cuisine']);
    await acceptInvitation(app.app, mail, STRONG);
    const guess = (n: number) => staffBrowser(app.app, `203.0.113.${n}`).request('POST', '/api/staff/login', { email, password: `devine-${n}` });
    // Each guess from an address of its own: only the account counts them.
    for (let i = 0; i < LOGIN_THROTTLE.staffAccount.free; i++) refused(await guess(i), 422);
    const slowed = refused(await guess(50), 429);
    expect(slowed.code).toBe(ERROR_CODES.rateLimited);
    // A customer's count would be forgotten after 15 minutes of quiet; a team account's is not.
    later(16 * 60);
    refused(await guess(51), 422);
    const wait = await guess(52);
    expect(wait.statusCode).toBe(429);
    expect(Number(wait.headers['retry-after'])).toBeGreaterThan(1);
    // The owner, once the wait is over, from anywhere.
    later(Number(wait.headers['retry-after']));
    const owner = await staffBrowser(app.app, '198.51.100.77').request('POST', '/api/staff/login', { email, password: STRONG });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('an admin’s second factor', () => {
  it('must be enrolled before the session opens anything: QR code and secret, a code to confirm, ten recovery codes shown once', async () => {
    const { mail, email, id } = await invite(['admin']);
    const browser = await acceptInvitation(app.app, mail, STRONG);
    expect((await browser.request('GET', '/api/staff/me')).json()).toMatchObject({ email, pending: 'enrol' });
    refused(await browser.request('GET', '/api/staff/members'), 401, STAFF_ERRORS.secondFactorPending);
    refused(await browser.request('POST', '/api/staff/second-factor/verify', { code: '123456' }), 409, STAFF_ERRORS.secondFactorState);
    // Not before a secret is drawn.
    refused(await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', { code: '123456' }), 409, STAFF_ERRORS.secondFactorState);

    const started = staffEnrolmentSchema.parse((await browser.request('POST', '/api/staff/second-factor/enrolment')).json());
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/Popote%20%C3%89quipe:membre-\d+%40exemple\.fr\?issuer=Popote%20%C3%89quipe&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/);
    expect(started.secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(Buffer.from(started.qr_code.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg /);
    const secret = started.secret.replace(/ /g, '');
    // Kept sealed, never in clear.
    const [session] = await db().select().from(t.staffSessions).where(eq(t.staffSessions.staffId, id));
    expect(session!.pendingTotpSecret).toMatch(/^v1\./);
    expect(session!.pendingTotpSecret).not.toContain(secret);

    const wrong = refused(await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', { code: '000000' }), 422);
    expect(wrong.errors?.code).toEqual([STAFF_MESSAGES.badEnrolmentCode]);
    refused(await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', {}), 422);
    refused(await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', { code: 'x'.repeat(41) }), 422);
    const confirmed = await browser.request('POST', '/api/staff/second-factor/enrolment/confirm', { code: totpCode(secret, app.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { me, recovery_codes } = staffEnrolledSchema.parse(confirmed.json());
    expect(me).toMatchObject({ email, pending: null });
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // The full session opens the admin's pages; the pending one is gone.
    expect((await browser.request('GET', '/api/staff/members')).statusCode).toBe(200);
    const [row] = await db().select().from(t.staff).where(eq(t.staff.id, id));
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(row!.totpSecret).toMatch(/^v1\./);
    const stored = await db().select().from(t.staffRecoveryCodes).where(eq(t.staffRecoveryCodes.staffId, id));
    expect(stored).toHaveLength(10);
    for (const code of recovery_codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    refused(await browser.request('POST', '/api/staff/second-factor/enrolment'), 409, STAFF_ERRORS.secondFactorState);
  });

  it('is asked after the password: a code within a step of now, never one used before, nor an older one after it', async () => {
    const { email, phone } = await enrolledAdmin();
    const enrolledAt = new Date(app.clock.now().getTime() - 30_000);
    const { browser, me } = await passwordStep(email);
    expect(me.pending).toBe('totp');
    refused(await browser.request('GET', '/api/staff/orders?date=2026-11-23'), 401, STAFF_ERRORS.secondFactorPending);
    refused(await browser.request('POST', '/api/staff/second-factor/enrolment'), 409, STAFF_ERRORS.secondFactorState);
    // The enrolment's own code, a step old: already used.
    refused(await browser.request('POST', '/api/staff/second-factor/verify', { code: totpCode(phone.secret, enrolledAt) }), 422);
    // Two steps away: outside the window.
    refused(await browser.request('POST', '/api/staff/second-factor/verify', { code: phone.code(new Date(app.clock.now().getTime() + 60_000)) }), 422);
    refused(await browser.request('POST', '/api/staff/second-factor/verify', { code: 'abc' }), 422);
    // The next step's code (a phone a little ahead) is accepted…
    const ahead = phone.code(new Date(app.clock.now().getTime() + 30_000));
    const ok = await browser.request('POST', '/api/staff/second-factor/verify', { code: ahead.replace(/(\d{3})/, '$1 ') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email, pending: null });
    expect((await browser.request('GET', '/api/staff/members')).statusCode).toBe(200);
    // …then neither it again nor the current one (older) in another login.
    const again = await passwordStep(email);
    refused(await again.browser.request('POST', '/api/staff/second-factor/verify', { code: ahead }), 422);
    refused(await again.browser.request('POST', '/api/staff/second-factor/verify', { code: phone.code() }), 422);
    later(60);
    expect((await again.browser.request('POST', '/api/staff/second-factor/verify', { code: phone.code() })).statusCode).toBe(200);
  });

  it('accepts the same code once when sent twice at once', async () => {
    const { email, phone } = await enrolledAdmin();
    const [one, two] = await Promise.all([passwordStep(email), passwordStep(email)]);
    const code = phone.code();
    const answers = await Promise.all([one.browser.request('POST', '/api/staff/second-factor/verify', { code }), two.browser.request('POST', '/api/staff/second-factor/verify', { code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('takes a recovery code in place of a code, each once', async () => {
    const { email, phone, id } = await enrolledAdmin();
    const { browser } = await passwordStep(email);
    const recovery = phone.recoveryCodes[3]!;
    const ok = await browser.request('POST', '/api/staff/second-factor/verify', { code: recovery.toUpperCase().replace(/-/g, ' ') });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await passwordStep(email);
    refused(await again.browser.request('POST', '/api/staff/second-factor/verify', { code: recovery }), 422);
    // Another member's recovery code is not theirs.
    const other = await enrolledAdmin();
    refused(await again.browser.request('POST', '/api/staff/second-factor/verify', { code: other.phone.recoveryCodes[0]! }), 422);
    const audit = await db().select().from(t.auditLog).where(eq(t.auditLog.staffId, id));
    expect(audit.find((a) => a.details.second_factor === 'recovery_code')?.details).toMatchObject({ recovery_codes_left: 9 });
  });

  it('is throttled per member: guessed codes wait, whatever the address, and the right code too', async () => {
    const { email, phone } = await enrolledAdmin();
    const { browser } = await passwordStep(email);
    for (let i = 0; i < LOGIN_THROTTLE.secondFactor.free; i++) refused(await browser.request('POST', '/api/staff/second-factor/verify', { code: String(100000 + i) }), 422);
    const other = await passwordStep(email, STRONG, staffBrowser(app.app, '192.0.2.200'));
    refused(await other.browser.request('POST', '/api/staff/second-factor/verify', { code: phone.code() }), 429, ERROR_CODES.rateLimited);
  });

  it('keeps the demo’s public admin out of it, and no other admin', async () => {
    expect((await staffBrowser(app.app).request('POST', '/api/staff/login', { email: TEAM.admin, password: 'popote-demo' })).json()).toMatchObject({ pending: null });
    const { email, mail } = await invite(['cuisine']);
    await acceptInvitation(app.app, mail, STRONG);
    // A cook made admin must enrol before going on, in the session they already have.
    const { browser } = await passwordStep(email);
    const demoAdmin = await staffLoggedIn(app.app);
    const [row] = await db().select().from(t.staff).where(eq(t.staff.email, email));
    expect((await demoAdmin.request('PATCH', `/api/staff/members/${row!.id}`, { roles: ['cuisine', 'admin'] })).statusCode).toBe(200);
    expect((await browser.request('GET', '/api/staff/me')).json()).toMatchObject({ pending: 'enrol' });
    refused(await browser.request('GET', '/api/staff/stock?date=2026-11-23'), 401, STAFF_ERRORS.secondFactorPending);
  });

  it('never skips on a new password link: the link leads to the code', async () => {
    const { email, id } = await enrolledAdmin();
    const admin = await staffLoggedIn(app.app);
    expect((await admin.request('POST', `/api/staff/members/${id}/link`)).statusCode).toBe(200);
    const browser = await acceptInvitation(app.app, await latestMail(email), 'quenelle-orage-vingt-brume');
    expect((await browser.request('GET', '/api/staff/me')).json()).toMatchObject({ pending: 'totp' });
    refused(await browser.request('GET', '/api/staff/members'), 401, STAFF_ERRORS.secondFactorPending);
  });

  it('is reset by another admin (a lost phone): audited, sessions ended, enrolment asked again', async () => {
    const lost = await enrolledAdmin();
    const admin = await staffLoggedIn(app.app);
    const reset = await admin.request('POST', `/api/staff/members/${lost.id}/second-factor/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ id: lost.id, second_factor: false, second_factor_required: true });
    refused(await lost.browser.request('GET', '/api/staff/me'), 401, STAFF_ERRORS.unauthenticated);
    expect((await passwordStep(lost.email)).me.pending).toBe('enrol');
    expect(await db().select().from(t.staffRecoveryCodes).where(eq(t.staffRecoveryCodes.staffId, lost.id))).toEqual([]);
    const [line] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, 'staff.second_factor_reset'));
    expect(line).toMatchObject({ staffEmail: TEAM.admin, details: { member: lost.email } });
    refused(await admin.request('POST', `/api/staff/members/${lost.id}/second-factor/reset`), 409, STAFF_ERRORS.secondFactorState);
    refused(await admin.request('POST', '/api/staff/members/999999/second-factor/reset'), 404);
    refused(await admin.request('POST', '/api/staff/members/abc/second-factor/reset'), 422);
    refused(await (await staffLoggedIn(app.app, TEAM.cuisine)).request('POST', `/api/staff/members/${lost.id}/second-factor/reset`), 403, STAFF_ERRORS.forbidden);
  });
});

describe('the last admin', () => {
  it('counts only admins who can log in: neither one disabled, nor one without a password, nor one without their second factor', async () => {
    const own = await createTestApp();
    try {
      const alice = await staffLoggedIn(own.app);
      const [aliceRow] = await own.database.db.select().from(t.staff).where(eq(t.staff.email, TEAM.admin));
      const invite2 = async (email: string) => (await alice.request('POST', '/api/staff/members', { email, name: email, roles: ['admin'] })).json().member.id as number;
      // Invited, no password yet.
      await invite2('sans-mot-de-passe@exemple.fr');
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { roles: ['cuisine'] }), 409, STAFF_ERRORS.lastAdmin);
      // A password, no second factor.
      await invite2('sans-second-facteur@exemple.fr');
      const [mail] = await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'sans-second-facteur@exemple.fr'));
      await acceptInvitation(own.app, mail!.text, STRONG);
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { active: false }), 409, STAFF_ERRORS.lastAdmin);
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { roles: ['livreur'] }), 409, STAFF_ERRORS.lastAdmin);
      // Enrolled, then disabled: still not one.
      const bob = await invite2('bob@exemple.fr');
      const [bobMail] = await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'bob@exemple.fr'));
      await enrolSecondFactor(await acceptInvitation(own.app, bobMail!.text, STRONG), own.clock);
      expect((await alice.request('PATCH', `/api/staff/members/${bob}`, { active: false })).statusCode).toBe(200);
      refused(await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { roles: ['cuisine'] }), 409, STAFF_ERRORS.lastAdmin);
      // Enabled again, Bob can log in: Alice may step down.
      expect((await alice.request('PATCH', `/api/staff/members/${bob}`, { active: true })).statusCode).toBe(200);
      expect((await alice.request('PATCH', `/api/staff/members/${aliceRow!.id}`, { roles: ['cuisine'] })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('a link to set a password', () => {
  it('replaces the earlier one: only the latest sent works', async () => {
    const { admin, id, mail, email } = await invite(['livreur']);
    expect((await admin.request('POST', `/api/staff/members/${id}/link`)).statusCode).toBe(200);
    const [first, second] = (await mailsTo(email)).map((m) => tokenOf(m.text));
    expect(first).toBe(tokenOf(mail));
    refused(await staffBrowser(app.app).request('POST', '/api/staff/password', { token: first, password: STRONG, password_confirmation: STRONG }), 410, STAFF_ERRORS.linkInvalid);
    expect((await staffBrowser(app.app).request('POST', '/api/staff/password', { token: second, password: STRONG, password_confirmation: STRONG })).statusCode).toBe(200);
  });

  it('leaves the outbox an hour after its mail is sent, or once it expired; other mails stay', async () => {
    const own = await createTestApp();
    try {
      const admin = await staffLoggedIn(own.app);
      await admin.request('POST', '/api/staff/members', { email: 'purge@exemple.fr', name: 'Purge', roles: ['cuisine'] });
      await own.database.db.insert(t.mailOutbox).values({ to: 'client@exemple.fr', subject: 'Votre commande', text: 'Merci', sentAt: own.clock.now() });
      const [mail] = await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'purge@exemple.fr'));
      expect(mail!.secretUntil).not.toBeNull();
      // Unsent, within its three days: kept for the sender.
      await purgeExpired(own.database.db, new Date(own.clock.now().getTime() + 2 * 3600_000));
      expect(await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'purge@exemple.fr'))).toHaveLength(1);
      await own.database.db.update(t.mailOutbox).set({ sentAt: own.clock.now() }).where(eq(t.mailOutbox.id, mail!.id));
      await purgeExpired(own.database.db, new Date(own.clock.now().getTime() + 30 * 60_000));
      expect(await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'purge@exemple.fr'))).toHaveLength(1);
      const purged = await purgeExpired(own.database.db, new Date(own.clock.now().getTime() + 61 * 60_000));
      expect(purged.secretMails).toBe(1);
      expect(await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'purge@exemple.fr'))).toEqual([]);
      expect(await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'client@exemple.fr'))).toHaveLength(1);
      // A customer's reset link is one too.
      const customer = await own.app.inject({ method: 'GET', url: '/api/state' });
      const cookie = customer.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const xsrf = customer.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      expect((await own.app.inject({ method: 'POST', url: '/api/auth/password/email', payload: { email: 'demo@popote.fr' }, headers: { cookie, 'x-xsrf-token': xsrf } })).statusCode).toBe(200);
      const [reset] = await own.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'demo@popote.fr'));
      expect(reset!.secretUntil!.getTime()).toBe(own.clock.now().getTime() + 3600_000);
    } finally {
      await own.close();
    }
  });
});

describe('production without SMTP_URL', () => {
  it('says no mail can leave and hands the admin the link to pass on, queuing nothing', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
    try {
      const { inviteStaff } = await import('../../server/modules/staff/staff.service');
      // The first admin, as `npm run staff:add` makes them.
      const first = await inviteStaff(production.app, { staffId: null, staffEmail: 'npm run staff:add', requestId: null }, { email: 'chef@exemple.fr', name: 'Chef', roles: ['admin'] });
      expect(first.delivery).toMatchObject({ mailed: false, link: first.link });
      const chef = await acceptInvitation(production.app, first.link, STRONG);
      await enrolSecondFactor(chef, production.clock);
      // The only admin able to log in cannot drop their own second factor from the app (the server's command can).
      refused(await chef.request('POST', `/api/staff/members/${first.member.id}/second-factor/reset`), 409, STAFF_ERRORS.lastAdmin);
      const res = await chef.request('POST', '/api/staff/members', { email: 'cuisinier@exemple.fr', name: 'Cuisinier', roles: ['cuisine'] });
      expect(res.statusCode, res.body).toBe(201);
      const { delivery, member } = staffInvitedSchema.parse(res.json());
      expect(delivery.mailed).toBe(false);
      expect(delivery.message).toMatch(/^Aucun e-mail ne peut partir de ce serveur \(SMTP_URL n’est pas réglé\) : rien n’a été envoyé\. Transmettez vous-même ce lien à Cuisinier/);
      expect(delivery.link).toMatch(/^https:\/\/popote\.example\/equipe\/bienvenue#[\w-]{40,}$/);
      const again = staffLinkSchema.parse((await chef.request('POST', `/api/staff/members/${member.id}/link`)).json());
      expect(again.mailed).toBe(false);
      expect(await production.database.db.select().from(t.mailOutbox)).toEqual([]);
      // The link handed over works (the latest one).
      refused(await staffBrowser(production.app).request('POST', '/api/staff/password', { token: tokenOf(delivery.link!), password: STRONG, password_confirmation: STRONG }), 410);
      expect((await staffBrowser(production.app).request('POST', '/api/staff/password', { token: tokenOf(again.link!), password: STRONG, password_confirmation: STRONG })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('mails the link when SMTP_URL is set', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example', SMTP_URL: 'smtp://127.0.0.1:2525' }, demo: false });
    try {
      const { inviteStaff } = await import('../../server/modules/staff/staff.service');
      const first = await inviteStaff(production.app, { staffId: null, staffEmail: 'npm run staff:add', requestId: null }, { email: 'chef@exemple.fr', name: 'Chef', roles: ['admin'] });
      expect(first.delivery).toMatchObject({ mailed: true, link: null });
      expect(await production.database.db.select().from(t.mailOutbox)).toHaveLength(1);
    } finally {
      await production.close();
    }
  });
});
