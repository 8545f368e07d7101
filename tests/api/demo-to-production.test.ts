import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DatabaseModeError, FORGET_DEMO_COMMAND, forgetDemo } from '../../server/db/database-mode';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { loadEnv } from '../../server/env';
import { inviteStaff } from '../../server/modules/staff/staff.service';
import { STAFF_ERRORS, STAFF_MESSAGES } from '#shared/api/staff';
import { createTestApp, customerWithCart, PRODUCTION_KEYS, refused, setMoney, visitor, type TestApp } from './helpers';
import { acceptInvitation, enrolSecondFactor, staffBrowser, staffLoggedIn } from './staff-helpers';

/**
 * These tests start other processes (the command-line tools, a second server), each compiling its
 * TypeScript and opening the database: a bound against a hang, not a speed (on a loaded 2-core
 * machine one took 30 s, the default bound).
 */
const PROCESSES_TIMEOUT = 120_000;

/**
 * A database that ran the demo, then production (docs/operations.md, "A database that ran the
 * demo"): the demo's team is public, so whatever it made — a team member, an invitation, a
 * customer and their pool — must not carry over. Production refuses such a database until
 * `npm run db:forget-demo` removed the demo's rows; the demo refuses one that served production.
 */

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example', LOG_LEVEL: 'silent', ...PRODUCTION_KEYS };
const STRONG = 'ardoise-brume-tricycle-quatorze';

const start = (on: TestApp, env: Record<string, string>) =>
  buildApp({ env: loadEnv(env), database: on.database, clock: on.clock, logger: false, distDir: '/nonexistent-dist', overload: { eventLoopDelayMs: 0 } });

/** What the demo's public admin made: an admin who can log in, a pending invitation, a customer with a pool and a session. */
async function whatTheDemoMade(demo: TestApp) {
  const admin = await staffLoggedIn(demo.app);
  await admin.request('POST', '/api/staff/members', { email: 'complice@exemple.fr', name: 'Complice', roles: ['admin'] });
  const [invitation] = await demo.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'complice@exemple.fr'));
  await enrolSecondFactor(await acceptInvitation(demo.app, invitation!.text, STRONG), demo.clock);
  await admin.request('POST', '/api/staff/members', { email: 'en-attente@exemple.fr', name: 'En attente', roles: ['admin'] });
  const [pending] = await demo.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'en-attente@exemple.fr'));
  const token = /#([\w-]+)/.exec(pending!.text)![1]!;
  // A customer whose pool the demo credited (the demo's paper vouchers cost nothing).
  const customer = await customerWithCart(demo);
  await setMoney(demo.database, customer.customer.id, { poolCents: 50_00 });
  return { token, customer };
}

describe('production on a database that ran the demo', () => {
  it('refuses to start, saying how to remove what the demo made; then nothing of the demo opens a door', async () => {
    const demo = await createTestApp();
    try {
      const { token, customer } = await whatTheDemoMade(demo);
      const staffBefore = await demo.database.db.select().from(t.staff);

      const refusal = await start(demo, PRODUCTION).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal).toBeInstanceOf(DatabaseModeError);
      expect((refusal as Error).message).toContain('a servi la démonstration');
      expect((refusal as Error).message).toContain(FORGET_DEMO_COMMAND);
      // The refusal changed nothing.
      expect(await demo.database.db.select().from(t.staff)).toHaveLength(staffBefore.length);

      const removed = await forgetDemo(demo.database.db, demo.clock.now());
      expect(removed.forgotten).toBe(true);
      expect(removed.counts.staff).toBe(staffBefore.length);
      const production = await start(demo, PRODUCTION);
      try {
        await production.ready();
        // The admin the demo's public admin invited cannot log in.
        const body = refused(await staffBrowser(production).request('POST', '/api/staff/login', { email: 'complice@exemple.fr', password: STRONG }), 422);
        expect(body.errors?.email).toEqual([STAFF_MESSAGES.badCredentials]);
        // The pending invitation's link is dead.
        refused(await staffBrowser(production).request('POST', '/api/staff/password', { token, password: STRONG, password_confirmation: STRONG }), 410, STAFF_ERRORS.linkInvalid);
        // The customer, their session and their pool are gone: nothing pays a production order.
        const asCustomer = (method: 'GET' | 'POST', url: string) =>
          production.inject({ method, url, headers: { cookie: customer.v.jar.header(), 'x-xsrf-token': customer.v.jar.get('XSRF-TOKEN') ?? '' } });
        expect((await asCustomer('GET', '/api/me')).statusCode).toBe(401);
        expect((await asCustomer('POST', '/api/cart/validate')).statusCode).toBe(419);
        expect(await demo.database.db.select().from(t.customers)).toEqual([]);
        const v = await visitor(production);
        refused(await v.request('POST', '/api/login', { email: customer.customer.email, password: 'secret-123' }), 422);
        refused(await v.request('POST', '/api/login', DEMO_CUSTOMER), 422);
        expect(await demo.database.db.select().from(t.staffSessions)).toEqual([]);
        expect(await demo.database.db.select().from(t.orders)).toEqual([]);
        expect(await demo.database.db.select().from(t.discounts).where(eq(t.discounts.demo, true))).toEqual([]);
        // What the shop is made of stays, and no portion is held by a cart that is gone.
        expect((await demo.database.db.select().from(t.products)).length).toBeGreaterThan(0);
        expect((await demo.database.db.select().from(t.deliveryLocations)).length).toBeGreaterThan(0);
        expect(await demo.database.db.select().from(t.productAvailabilities).where(sql`${t.productAvailabilities.reserved} <> 0`)).toEqual([]);
        // The audit trail is append-only: its demo lines stay, as history.
        expect((await demo.database.db.select().from(t.auditLog)).length).toBeGreaterThan(0);
      } finally {
        await production.close();
      }
    } finally {
      await demo.close();
    }
  }, PROCESSES_TIMEOUT);

  it('refuses a database of an earlier version that ran the demo (no mode recorded, the demo’s rows there)', async () => {
    const demo = await createTestApp();
    try {
      await demo.database.db.delete(t.databaseMode);
      await expect(start(demo, PRODUCTION)).rejects.toThrow(DatabaseModeError);
    } finally {
      await demo.close();
    }
  });
});

describe('a database that serves production', () => {
  it('keeps its own rows: the demo refuses to start on it, and the demo’s removal touches nothing', async () => {
    const demo = await createTestApp();
    try {
      await whatTheDemoMade(demo);
      await forgetDemo(demo.database.db, demo.clock.now());
      const production = await start(demo, PRODUCTION);
      await production.ready();
      // Production's own: a customer, an admin.
      const v = await visitor(production);
      const registered = await v.request('POST', '/api/register', { firstname: 'Vraie', lastname: 'Cliente', phone: '0612345678', email: 'vraie@exemple.fr', password: 'secret-123', password_confirmation: 'secret-123', cgv: true });
      expect(registered.statusCode, registered.body).toBe(201);
      await inviteStaff(production, { staffId: null, staffEmail: 'npm run staff:add', requestId: null }, { email: 'chef@exemple.fr', name: 'Chef', roles: ['admin'] });
      await production.close();

      const refusal = await start(demo, { NODE_ENV: 'test', LOG_LEVEL: 'silent' }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal).toBeInstanceOf(DatabaseModeError);
      expect((refusal as Error).message).toContain('sert la boutique réelle');
      expect(await forgetDemo(demo.database.db, demo.clock.now())).toEqual({ forgotten: false, counts: {} });

      const again = await start(demo, PRODUCTION);
      try {
        await again.ready();
        expect((await demo.database.db.select().from(t.customers)).map((c) => c.email)).toEqual(['vraie@exemple.fr']);
        expect((await demo.database.db.select().from(t.staff)).map((s) => s.email)).toEqual(['chef@exemple.fr']);
        expect((await (await visitor(again)).request('POST', '/api/login', { email: 'vraie@exemple.fr', password: 'secret-123' })).statusCode).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      await demo.close();
    }
  });

  it('is recorded at a new database’s first start, and a demo database’s too', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
    try {
      expect(await production.database.db.select().from(t.databaseMode)).toMatchObject([{ mode: 'production', demoForgottenAt: null }]);
    } finally {
      await production.close();
    }
    const demo = await createTestApp();
    try {
      expect(await demo.database.db.select().from(t.databaseMode)).toMatchObject([{ mode: 'demo' }]);
    } finally {
      await demo.close();
    }
  });
});
