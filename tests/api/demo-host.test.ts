import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refused, type TestApp } from './helpers';

/**
 * The demo on this machine answers only to this machine's names: a page whose name an attacker
 * points at 127.0.0.1 (DNS rebinding) is of the same origin as whatever answers there, and would
 * read the open mailbox (reset links) and the demo customer's account.
 */

const get = (t: TestApp, url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('the demo on loopback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:4173' } });
  });
  afterAll(() => t.close());

  it('refuses any other Host with 421 and the French envelope, before the mailbox or the API', async () => {
    for (const host of ['rebind.evil.example', 'rebind.evil.example:4173', 'localhost.evil.example', '127.0.0.1.nip.io:4173', 'evil.example@localhost', '0.0.0.0:4173']) {
      for (const url of ['/__sandbox/mailbox.json', '/api/state', '/api/health']) {
        const body = refused(await get(t, url, host), 421, 'misdirected_request');
        expect(body.message, `${host} ${url}`).toMatch(/démo de Popote/);
      }
    }
  });

  it('serves localhost, 127.0.0.1 and [::1] on any port, and the PUBLIC_URL’s host (the browser tests’ localhost:4173)', async () => {
    for (const host of ['localhost:4173', 'LOCALHOST:3000', 'localhost', '127.0.0.1:4173', '127.0.0.1', '[::1]:4173']) {
      expect((await get(t, '/api/health', host)).statusCode, host).toBe(200);
    }
    expect((await get(t, '/__sandbox/mailbox.json', 'localhost:4173')).statusCode).toBe(200);
  });

  it('serves a public demo’s own name behind a proxy on this machine (SANDBOX=1), and no other', async () => {
    const demo = await createTestApp({ env: { SANDBOX: '1', PUBLIC_URL: 'https://demo.popote.example' } });
    try {
      expect((await get(demo, '/api/health', 'demo.popote.example')).statusCode).toBe(200);
      expect((await get(demo, '/api/health', 'localhost:3000')).statusCode).toBe(200);
      refused(await get(demo, '/__sandbox/mailbox.json', 'rebind.evil.example'), 421, 'misdirected_request');
    } finally {
      await demo.close();
    }
  });
});

describe('without the demo on loopback', () => {
  it('leaves the Host to the proxy: production, and a public demo listening on the network', async () => {
    const setups: Record<string, string>[] = [{ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, { SANDBOX: '1', HOST: '0.0.0.0' }];
    for (const env of setups) {
      const t = await createTestApp({ env, demo: env.NODE_ENV !== 'production' });
      try {
        expect((await get(t, '/api/health', 'any.example')).statusCode, JSON.stringify(env)).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});
