import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, setTransport, type Transport } from '../../src/lib/api-client';
import { call } from '../../src/lib/api-call';
import { API_PREFIX, pathOf, type ApiRoute } from '#shared/api/route-table';
import { API_ROUTES } from '#shared/api/routes/index';
import { BALANCE_DUE } from '#shared/api/routes/balance-due';
import { STAFF } from '#shared/api/routes/staff';

const entries = Object.values(API_ROUTES).flatMap((domain) => Object.entries(domain as Record<string, ApiRoute>));

/** A transport answering `body` with `status`, recording each call's path and options. */
function answering(status: number, body: unknown) {
  const calls: { path: string; init: RequestInit }[] = [];
  const transport: Transport = async (path, init) => {
    calls.push({ path, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  setTransport(() => transport);
  return calls;
}

afterEach(() => setTransport(() => (path, init) => fetch(path, init)));

describe('the route table', () => {
  it('holds each method and path once, every path under /api/', () => {
    const keys = entries.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [, route] of entries) expect(route.path.startsWith(API_PREFIX)).toBe(true);
  });
});

describe('pathOf', () => {
  it('puts the parameters in the path, encoded', () => {
    expect(pathOf(BALANCE_DUE.getOrdersByIdBalanceCardByPo, { id: 12, po: 'po/1 x' })).toBe('/api/orders/12/balance/card/po%2F1%20x');
  });

  it('adds the query, leaving empty values out', () => {
    expect(pathOf(STAFF.getStaffAudit, null, { date: '2026-11-30', page: undefined, empty: '', none: null })).toBe('/api/staff/audit?date=2026-11-30');
    expect(pathOf(STAFF.getStaffAudit, null, { date: undefined })).toBe('/api/staff/audit');
  });

  it('refuses a missing parameter rather than call a wrong address', () => {
    expect(() => pathOf(BALANCE_DUE.getOrdersByIdBalanceCardByPo, { id: 12 } as never)).toThrow(/po/);
  });
});

describe('call', () => {
  it('sends the table’s method to its path, with the body, and answers the parsed answer', async () => {
    document.cookie = 'XSRF-STAFF=staff-token';
    const calls = answering(200, { message: 'Vous êtes déconnecté.' });
    await expect(call(STAFF.postStaffLogout)).resolves.toEqual({ message: 'Vous êtes déconnecté.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/staff/logout');
    expect(calls[0]!.init.method).toBe('POST');
    // Through the API client: the team's anti-forgery token and an idempotency key.
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-xsrf-token']).toBe('staff-token');
    expect(headers['idempotency-key']).toBeTruthy();
  });

  it('fills the path and query from the parameters, and sends the body as JSON', async () => {
    const calls = answering(200, { id: 3, roles: ['admin'], active: true });
    await call(STAFF.patchStaffMembersById, { params: { id: 3 }, body: { active: false } }).catch(() => undefined);
    expect(calls[0]!.path).toBe('/api/staff/members/3');
    expect(calls[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ active: false });
  });

  it('refuses an answer its schema does not describe, in words', async () => {
    answering(200, { nothing: 'like it' });
    const error = await call(STAFF.postStaffLogout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.code).toBe('unexpected_answer');
  });

  it('keeps the server’s error envelope', async () => {
    answering(409, { message: 'Déjà confirmé.', code: 'already_confirmed' });
    const error = await call(STAFF.postStaffOrdersByIdPaperVouchersConfirm, { params: { id: 4 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body.code).toBe('already_confirmed');
  });
});
