import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/api/messages';
import { PAGES_PER_MINUTE } from '../../server/plugins/pages';
import { fakeBuild, fakeRenders } from './fake-build';
import { createTestApp, visitor, type TestApp } from './helpers';

/**
 * Pages as the server answers them, over a fake renderer with the real one's contract
 * (tests/api/fake-build.ts): what a shared cache may keep, what the logs may show, and what a flood
 * of unknown addresses costs.
 */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...fakeBuild(), env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('an address holding a secret (the password-reset link)', () => {
  let link: URL;
  let token: string;
  beforeAll(async () => {
    const v = await visitor(t.app);
    expect((await v.request('POST', '/api/auth/password/email', { email: 'demo@popote.fr' })).statusCode).toBe(200);
    const mails = (await t.app.inject('/__sandbox/mailbox.json?to=demo@popote.fr')).json() as { subject: string; text: string }[];
    link = new URL(/https?:\/\/\S+\/compte\/mot-de-passe\/\S+/.exec(mails.find((m) => /mot de passe/i.test(m.subject))!.text)![0]);
    token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(20);
  });

  it('is never written to the log, nor its e-mail; nor an OAuth return’s code and state', async () => {
    lines.length = 0;
    expect((await t.app.inject(link.pathname + link.search)).statusCode).toBe(200);
    await t.app.inject('/api/edenred/callback?code=code-secret-123&state=etat-secret-456');
    const log = lines.join('');
    expect(log).toContain('/compte/mot-de-passe/[caché]');
    expect(log).toContain('code=[caché]');
    for (const secret of [token, 'demo%40popote.fr', 'demo@popote.fr', 'code-secret-123', 'etat-secret-456']) expect(log).not.toContain(secret);
  });

  it('is answered private, no-store, however it is spelt', async () => {
    for (const url of [link.pathname + link.search, `/compte/mot-de-%70asse/${token}`]) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
      expect(page.headers.etag, url).toBeUndefined();
    }
  });

  it('leaves the other pages public and cacheable', async () => {
    const res = await t.app.inject('/contact');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeDefined();
  });
});

describe('unknown addresses', () => {
  it('are answered the kept not-found page, undrawn, each with a nonce of its own', async () => {
    const before = fakeRenders().drawn.length;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.app.inject({ url: `/plat-inconnu-${i}`, remoteAddress: '203.0.113.10' }));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1>Oups</h1>');
      const nonce = nonceOf(res.headers['content-security-policy']);
      expect(nonce).toBeDefined();
      expect(res.body).toContain(`<script nonce="${nonce}">`);
    }
    expect(new Set(answers.map((res) => nonceOf(res.headers['content-security-policy']))).size).toBe(answers.length);
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    // Drawn once for all six (the kept page), not once each.
    expect(fakeRenders().drawn.length - before).toBeLessThanOrEqual(1);
    expect(fakeRenders().recognised).toContain('/plat-inconnu-5');
    expect(answers.every((res) => !res.body.includes('plat-inconnu'))).toBe(true);
  });

  it('and every page answer are limited per client address, with a French 429', async () => {
    const from = (remoteAddress: string, url = '/contact') => t.app.inject({ url, remoteAddress });
    for (let i = 0; i < PAGES_PER_MINUTE; i++) expect((await from('198.51.100.7', i % 2 ? '/contact' : `/inconnue-${i}`)).statusCode).not.toBe(429);
    const refused = await from('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MESSAGES.rateLimited, code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is served; the API is not counted.
    expect((await from('198.51.100.8')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/menus', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });
});
