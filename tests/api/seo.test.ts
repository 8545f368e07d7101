import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../server/modules/seo/seo.routes';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'http://popote.test:8080', SANDBOX: '1' } });
});
afterAll(() => app.close());

describe('robots.txt and sitemap.xml', () => {
  it('lets search engines in, but not the API, the sandbox or one-off account pages, and names the sitemap', async () => {
    const res = await app.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /__sandbox/');
    expect(res.body).toContain('Sitemap: http://popote.test:8080/sitemap.xml');
  });

  it('lists every public page and each dish of the current delivery date at its public address', async () => {
    const res = await app.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of PUBLIC_PAGES) expect(locs).toContain(`http://popote.test:8080${path}`);
    const dishes = (await app.app.inject('/api/products')).json() as { slug: string }[];
    expect(dishes.length).toBeGreaterThan(10);
    for (const dish of dishes) expect(locs).toContain(`http://popote.test:8080/${dish.slug}`);
    expect(locs.some((loc) => /\/(api|__sandbox|compte|login)\b/.test(loc!))).toBe(false);
    expect(res.body).toContain('<lastmod>2026-11-23</lastmod>');
  });
});
