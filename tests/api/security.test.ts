import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_STATUS } from '#shared/api/errors';
import { STAFF_API_PREFIX } from '#shared/api/staff-session';
import { createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';
import { staffLoggedIn } from './staff-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A concrete URL for a route pattern (':id' and the like become 1). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe('anti-forgery, enumerated from the app (a new route cannot forget it)', () => {
  const changing = () => app.app.routeList.filter((r) => CHANGES.has(r.method) && r.url.startsWith('/api/'));

  it('knows the routes, and exempts only the provider notification (the team’s routes check their own token)', () => {
    expect(changing().length).toBeGreaterThan(25);
    const shop = changing().filter((r) => !r.url.startsWith(STAFF_API_PREFIX));
    expect(shop.filter((r) => !r.csrf).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/payment/paygreen/notification']);
  });

  it('answers 419 to every state-changing route without the token, and with a wrong one', async () => {
    const v = await visitor(app.app);
    const checked: string[] = [];
    for (const route of changing().filter((r) => r.csrf && !r.url.startsWith(STAFF_API_PREFIX))) {
      const url = concrete(route.url);
      const method = route.method as 'POST';
      const without = await app.app.inject({ method, url, headers: { cookie: v.jar.header() }, payload: {} });
      expect(without.statusCode, `${route.method} ${url} without a token`).toBe(CSRF_STATUS);
      const wrong = await app.app.inject({ method, url, headers: { cookie: v.jar.header(), 'x-xsrf-token': 'forged' }, payload: {} });
      expect(wrong.statusCode, `${route.method} ${url} with a wrong token`).toBe(CSRF_STATUS);
      expect(wrong.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      checked.push(`${route.method} ${url}`);
    }
    expect(checked).toContain('POST /api/cart/products');
    expect(checked).toContain('POST /api/payment/edenred/refund');
  });

  it('answers 419 to every change of the team’s routes without its session’s token, or from another site before a session', async () => {
    const admin = await staffLoggedIn(app.app);
    const staffRoutes = changing().filter((r) => r.url.startsWith(STAFF_API_PREFIX));
    expect(staffRoutes.length).toBeGreaterThan(8);
    for (const route of staffRoutes) {
      const url = concrete(route.url);
      const method = route.method as 'POST';
      if (route.staff === 'public') {
        // No session yet (the login, the one-time link): a page of another site may not send it.
        refused(await app.app.inject({ method, url, headers: { 'sec-fetch-site': 'cross-site' }, payload: {} }), CSRF_STATUS);
        continue;
      }
      refused(await admin.request(method, url, {}, { 'x-xsrf-token': '' }), CSRF_STATUS);
      refused(await admin.request(method, url, {}, { 'x-xsrf-token': 'forged' }), CSRF_STATUS);
    }
  });
});

describe('access control', () => {
  it('answers 401 to anonymous callers of customer routes', async () => {
    const v = await visitor(app.app);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/pdfs/invoices/1'],
      ['POST', '/api/cart/validate'],
      ['POST', '/api/pending-order'],
      ['POST', '/api/pending-order/pool'],
      ['POST', '/api/payment'],
      ['POST', '/api/payment/paygreen'],
      ['GET', '/api/payment/paygreen/po_x/order'],
      ['POST', '/api/edenred/oauth-url'],
      ['GET', '/api/edenred/balance'],
      ['GET', '/api/payment/edenred/order-details?id=1'],
      ['POST', '/api/payment/edenred/session'],
    ] as const) {
      refused(await v.request(method, url), 401);
    }
  });

  it("answers 404 for another customer's invoice, card payment, widget payment and pre-order", async () => {
    const owner = await customerWithCart(app);
    const intruder = await customerWithCart(app);
    // The widget first: a card payment under way locks the basket (docs/product/payments.md).
    const widget = await owner.call('POST', '/api/payment/edenred/session');
    expect(widget.statusCode, widget.body).toBe(200);
    const card = await owner.call('POST', '/api/payment/paygreen');
    const po = new URL(card.json().hosted_payment_url as string).pathname.split('/').pop()!;
    refused(await intruder.call('GET', `/api/payment/paygreen/${po}/order`), 404);
    refused(await intruder.call('POST', `/api/payment/edenred/refund/${po}/order`), 404);
    // The intruder's own pre-order is the only one they reach.
    const mine = await intruder.call('POST', '/api/pending-order');
    expect(mine.json().id).not.toBe(owner.preOrder.id);
    refused(await intruder.call('GET', '/api/pdfs/invoices/1'), 404);
  });
});

describe('sessions and headers', () => {
  it('sets HttpOnly, SameSite=Lax session cookies, not Secure over http', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/api/state' });
    const session = res.cookies.find((c) => c.name === 'popote_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.httpOnly).toBeFalsy();
  });

  it('makes cookies Secure and turns HSTS on when the site is served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://popote.example', SANDBOX: '1' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/state' });
      expect(res.cookies.find((c) => c.name === 'popote_session')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });

  it('sends a CSP with the allowed origins only, no framing, nosniff and a referrer policy', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/api-adresse\.data\.gouv\.fr https:\/\/tiles\.openfreemap\.org/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('hostile input', () => {
  it('never redirects off-site from the card return', async () => {
    for (const poId of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      const res = await app.app.inject({ method: 'GET', url: `/api/payment/paygreen/return?po_id=${encodeURIComponent(poId)}` });
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 303) expect(String(res.headers.location)).toMatch(/^\/passer-commande\?/);
    }
  });

  it('treats search terms with SQL metacharacters as text', async () => {
    for (const search of ["' OR 1=1 --", "x'; DROP TABLE customers; --", '%_%', 'a\\b']) {
      const res = await app.app.inject({ method: 'GET', url: `/api/delivery-locations/search?search=${encodeURIComponent(search)}` });
      expect(res.statusCode, search).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect((await app.app.inject({ method: 'GET', url: '/api/delivery-locations' })).json().length).toBeGreaterThan(0);
  });
});
