import type { FastifyPluginAsync } from 'fastify';
import { parisDate } from '#shared/time';
import { dayProducts } from '../catalog/catalog.service';
import { deliveryDateAt } from '../shop/shop.service';

/** The pages worth a search engine's visit (personal and one-off pages are left out). */
export const PUBLIC_PAGES = [
  '/',
  '/passer-commande',
  '/points-de-livraison',
  '/notre-concept',
  '/la-consigne',
  '/plateaux-repas',
  '/entreprises',
  '/rejoignez-nous',
  '/contact',
  '/charte-engagement',
  '/conditions-generales-de-vente',
  '/mentions-legales',
  '/politique-de-confidentialite',
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and sitemap.xml, at the public address (PUBLIC_URL). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.env.PUBLIC_URL;

  app.get('/robots.txt', { config: { session: false } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /__sandbox/', 'Disallow: /__shell', 'Disallow: /compte/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')),
  );

  // The pages, and every dish of the current delivery date at its own address.
  app.get('/sitemap.xml', { config: { session: false } }, async (_request, reply) => {
    const now = app.clock.now();
    const dishes = await dayProducts(app.db, await deliveryDateAt(app.db, now));
    const today = parisDate(now);
    const urls = [...PUBLIC_PAGES, ...dishes.map((d) => `/${d.slug}`)];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((path) => `  <url><loc>${escapeXml(base + path)}</loc><lastmod>${today}</lastmod></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
};
