import { randomUUID } from 'node:crypto';
import { isNotNull, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { addDays, parisDate } from '#shared/time';
import { MONDAY, at, createTestApp, refused, type TestApp } from './helpers';
import { staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * Dates typed into an address: a day that does not exist, out of any sensible bounds, or no date at
 * all is refused 422 with a French message under its field, on every route that takes one (a
 * probe got 500s from the audit and the closing: '2026-13-01' became an invalid Date). A closing
 * is for a shop day: from the first sale, up to yesterday.
 */

let app: TestApp;
let admin: StaffBrowser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await staffLoggedIn(app.app);
});
afterAll(() => app?.close());

const FORMAT = 'La date doit être au format AAAA-MM-JJ.';
const NO_SUCH_DAY = 'Cette date n’existe pas dans le calendrier.';
const BOUNDS = 'La date doit être comprise entre 2000 et 2099.';
const BAD: [value: string, message: string][] = [
  ['2026-02-30', NO_SUCH_DAY],
  ['2026-13-01', NO_SUCH_DAY],
  ['2026-00-10', NO_SUCH_DAY],
  ['2025-02-29', NO_SUCH_DAY],
  ['0000-00-00', NO_SUCH_DAY],
  ['1970-01-01', BOUNDS],
  ['0001-01-01', BOUNDS],
  ['9999-12-31', BOUNDS],
  [`2026-11-23${'x'.repeat(5000)}`, FORMAT],
  ['2'.repeat(70_000), FORMAT],
];

/** Every route taking a date in its query string or body: the field's name, and the request. */
const ROUTES: [field: string, request: (date: string) => [method: 'GET' | 'POST', url: string, body?: unknown]][] = [
  ['date', (d) => ['GET', `/api/staff/audit?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/closing?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/closing.csv?date=${d}`]],
  ['from', (d) => ['GET', `/api/staff/closing.csv?from=${d}&to=${MONDAY}`]],
  ['to', (d) => ['GET', `/api/staff/closing.csv?from=${MONDAY}&to=${d}`]],
  ['date', (d) => ['GET', `/api/staff/orders?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/stock?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/kitchen-sheet?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/kitchen-sheet.pdf?date=${d}`]],
  ['date', (d) => ['POST', '/api/staff/kitchen-sheet/printed', { date: d }]],
  ['date', (d) => ['GET', `/api/staff/rounds?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/labels.pdf?date=${d}`]],
  ['date', (d) => ['GET', `/api/staff/rounds/1/sheet.pdf?date=${d}`]],
  ['date', (d) => ['GET', `/api/menus?date=${d}`]],
  ['date', (d) => ['GET', `/api/products?date=${d}`]],
  ['date', (d) => ['GET', `/api/delivery-locations?date=${d}`]],
];

describe('a date in a request', () => {
  it('is refused 422 with a French message under its field when the day does not exist or is out of bounds, never a 500', async () => {
    const wrong: string[] = [];
    for (const [value, message] of BAD) {
      for (const [field, request] of ROUTES) {
        const [method, url, body] = request(value);
        const res = await admin.request(method, url, body);
        const answer = res.json() as { errors?: Record<string, string[]> };
        if (res.statusCode !== 422 || answer.errors?.[field]?.[0] !== message) wrong.push(`${method} ${url.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('as a path parameter too, the closing’s date; past 200 characters the router refuses it in French', async () => {
    for (const [value, message] of BAD.filter(([v]) => v.length < 200)) {
      const res = await admin.request('POST', `/api/staff/closing/${value}/close`);
      expect(refused(res, 422).errors!.date, value).toEqual([message]);
    }
    for (const [value] of BAD.filter(([v]) => v.length >= 200)) {
      const res = await admin.request('POST', `/api/staff/closing/${value}/close`);
      expect(refused(res, 422, 'validation_failed').message).toBe('Un élément de l’adresse est trop long : 200 caractères au plus.');
    }
  });
});

describe('an instant in a request', () => {
  it('is a real one within the century: the courier’s events, the sandbox’s clock', async () => {
    const event = (at: string) => ({ events: [{ id: randomUUID(), type: 'handed_over', order_id: 1, at }] });
    for (const instant of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '1899-12-31T23:59:59Z', '2026-02-30T12:00:00Z', 'hier midi']) {
      const res = await admin.request('POST', `/api/staff/rounds/1/events?date=${MONDAY}`, event(instant));
      expect(refused(res, 422).errors!['events.0.at'], instant).toBeDefined();
    }
    // A phone set back to 1970 is not refused: its event counts at its arrival (docs/product/team.md).
    for (const instant of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '1999-12-31T23:59:59Z', '2026-02-30T12:00:00Z', 'hier midi']) {
      const clock = await app.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: instant } });
      expect(refused(clock, 422).errors!.now, instant).toBeDefined();
    }
    expect((await app.app.inject(`/__sandbox/clock`)).json().now).toBe(at(MONDAY, '09:00:00').toISOString());
    const day = await app.app.inject(`/__sandbox/catalog-availability?date=2026-02-30`);
    expect(refused(day, 422).errors!.date).toEqual([NO_SUCH_DAY]);
  });
});

describe('closing a day', () => {
  it('is only for a shop day: not before the first sale, not today, not in the future', async () => {
    const [first] = await app.database.db.select({ at: min(t.orders.createdAt) }).from(t.orders).where(isNotNull(t.orders.invoiceNumber));
    const firstDay = parisDate(first!.at!);
    expect(firstDay < MONDAY).toBe(true);

    const before = refused(await admin.request('POST', `/api/staff/closing/${addDays(firstDay, -1)}/close`), 422, 'day_before_first_sale');
    expect(before.errors!.date![0]).toMatch(/^La boutique a vendu pour la première fois le .+ 2026 : aucune journée à clore avant\.$/);
    refused(await admin.request('POST', '/api/staff/closing/2001-01-01/close'), 422, 'day_before_first_sale');
    refused(await admin.request('POST', `/api/staff/closing/${MONDAY}/close`), 409, 'day_not_over');
    refused(await admin.request('POST', `/api/staff/closing/${addDays(MONDAY, 30)}/close`), 409, 'day_not_over');

    const res = await admin.request('POST', `/api/staff/closing/${firstDay}/close`);
    expect(res.statusCode, res.body).toBe(200);
  });
});
