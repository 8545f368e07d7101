import { expect, test, type APIRequestContext } from './fixtures';
import { serveMapFixtures } from './map-fixtures';
import type { CatalogProduct, Menu } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { euros } from './text-match';
import { readJson } from './api-read';

/**
 * Pages come from the server with their content: readable with JavaScript off, described for
 * search engines and chat apps, with real statuses; and the browser takes them over without a
 * hydration mismatch.
 */

const json = async <T>(request: APIRequestContext, url: string) => (await readJson(request, url)) as T;

/** The head's tags of a page's HTML, by attribute. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta('name', 'description'),
    og: (name: string) => meta('property', `og:${name}`),
    twitter: (name: string) => meta('name', `twitter:${name}`),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>),
  };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page lists the formulas of the day with their prices, and dishes', async ({ page, request }) => {
    const menus = await json<Menu[]>(request, '/api/menus');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le déjeuner fait maison, livré en triporteur près de votre bureau');
    const formulas = page.getByRole('region', { name: 'Les formules du jour' });
    for (const menu of menus) {
      await expect(formulas.getByRole('heading', { name: menu.name, exact: true }).first()).toBeVisible();
      await expect(formulas).toContainText(euros(menu.price));
    }
    await expect(page.locator('main img[alt]').first()).toBeVisible();
  });

  test('a dish page shows the dish, its price and description; the points page lists the points; legal pages read', async ({ page, request }) => {
    const [dish] = await json<CatalogProduct[]>(request, '/api/products');
    await page.goto(`/${dish!.slug}`);
    const detail = page.getByRole('dialog', { name: dish!.name });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(euros(dish!.price));
    await expect(detail).toContainText(dish!.short_description);

    const points = await json<DeliveryLocation[]>(request, '/api/delivery-locations');
    await page.goto('/points-de-livraison');
    for (const point of points) await expect(page.getByText(point.name, { exact: true }).first()).toBeAttached();

    await page.goto('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales');
    await expect(page.getByRole('main')).toContainText('Popote');
    await page.goto('/conditions-generales-de-vente');
    await expect(page.getByRole('main')).toContainText('consigne');
  });
  test('a panel in the address is drawn by the server: the composer with the formulas of the day', async ({ page, request }) => {
    const menus = await json<Menu[]>(request, '/api/menus');
    await page.goto('/passer-commande?volet=formule');
    const composer = page.getByRole('dialog', { name: 'Composer ma formule' });
    await expect(composer).toBeVisible();
    await expect(composer.getByRole('radio', { name: new RegExp(menus[0]!.name) }).first()).toBeAttached();
    // Styled by the page itself: the composer's styles come with it, not with its script.
    await expect(page.locator('head style[data-href*="formula-composer"]')).toHaveCount(1);
  });
});

test.describe('what the server answers', () => {
  test('a dish page is described for chat apps and search engines: title, Open Graph, Twitter card, canonical, Product JSON-LD', async ({ request, baseURL }) => {
    const [dish] = await json<CatalogProduct[]>(request, '/api/products');
    const res = await request.get(`/${dish!.slug}`);
    expect(res.status()).toBe(200);
    const head = headOf(await res.text());
    expect(head.title).toBe(`${dish!.name} — Popote`);
    expect(head.description).toBe(dish!.short_description);
    expect(head.og('title')).toBe(`${dish!.name} — Popote`);
    expect(head.og('type')).toBe('product');
    expect(head.og('locale')).toBe('fr_FR');
    // A photo shares its widest JPEG (test below), a drawing itself.
    expect(head.og('image')).toBe(new URL(dish!.cover?.variants.find((v) => v.format === 'jpeg')!.url ?? dish!.cover_url!, baseURL).href);
    expect(head.twitter('card')).toBe('summary_large_image');
    expect(head.canonical).toBe(new URL(`/${dish!.slug}`, baseURL).href);
    const product = head.jsonLd.find((d) => d['@type'] === 'Product')!;
    expect(product).toMatchObject({ '@context': 'https://schema.org', name: dish!.name, offers: { '@type': 'Offer', priceCurrency: 'EUR', price: (dish!.price / 100).toFixed(2) } });
  });

  test('a dish with a photo: a <picture> of AVIF then WebP variants sized by srcset, and its JPEG as og:image, served', async ({ page, request, baseURL }) => {
    const dish = (await json<CatalogProduct[]>(request, '/api/products')).find((d) => d.cover !== null);
    expect(dish, 'the demo seed gives a few dishes a photo').toBeTruthy();
    const cover = dish!.cover!;

    const head = headOf(await (await request.get(`/${dish!.slug}`)).text());
    const og = head.og('image')!;
    expect(og).toMatch(new RegExp(`^${baseURL}/media/[0-9a-f]{16}-\\d+\\.jpg$`));
    expect(Number(head.og('image:width'))).toBeGreaterThanOrEqual(1200);
    expect(Number(head.og('image:height'))).toBe(Math.round((cover.height * Number(head.og('image:width'))) / cover.width));
    const file = await request.get(og);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^image\//);
    expect(file.headers()['cache-control']).toContain('immutable');

    await page.goto(`/${dish!.slug}`);
    const picture = page.getByRole('dialog', { name: dish!.name }).locator('picture');
    const sources = picture.locator('source');
    await expect(sources).toHaveCount(2);
    await expect(sources.nth(0)).toHaveAttribute('type', 'image/avif');
    await expect(sources.nth(0)).toHaveAttribute('srcset', /\/media\/[0-9a-f]{16}-320\.avif 320w, .*-640\.avif 640w/);
    await expect(sources.nth(1)).toHaveAttribute('type', 'image/webp');
    await expect(sources.nth(1)).toHaveAttribute('srcset', /-320\.webp 320w/);
    await expect(sources.nth(0)).toHaveAttribute('sizes', /.+/);
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('width', String(cover.width));
    await expect(img).toHaveAttribute('height', String(cover.height));
    await expect(img).toHaveAttribute('style', /background-image: ?url\("data:image\/webp;base64,/);
    // The browser chose a variant and drew it.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && new URL(el.currentSrc).pathname)).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.avif$/);

    // Among the day's cards, the first is fetched at once and the others when scrolled near.
    await page.goto('/');
    const cards = page.getByRole('group', { name: 'Plats du jour' }).locator('img');
    await expect(cards.first()).toHaveAttribute('loading', 'eager');
    await expect(cards.nth(1)).toHaveAttribute('loading', 'lazy');
  });

  test('the home page is a Restaurant with its menu, the points page a list of Places', async ({ request }) => {
    const menus = await json<Menu[]>(request, '/api/menus');
    const home = headOf(await (await request.get('/')).text());
    const restaurant = home.jsonLd.find((d) => d['@type'] === 'Restaurant') as { hasMenu: { hasMenuItem: { name: string }[] } };
    expect(restaurant.hasMenu.hasMenuItem.map((item) => item.name)).toEqual(menus.map((m) => m.name));
    const points = headOf(await (await request.get('/points-de-livraison')).text());
    const list = points.jsonLd.find((d) => d['@type'] === 'ItemList') as { itemListElement: { item: { '@type': string } }[] };
    expect(list.itemListElement.length).toBeGreaterThan(5);
    expect(list.itemListElement.every((e) => e.item['@type'] === 'Place')).toBe(true);
  });

  test('an unknown dish or page answers 404 with the French not-found page', async ({ request }) => {
    for (const path of ['/plat-qui-nexiste-pas', '/passer-commande/plat-qui-nexiste-pas', '/une/page/inconnue']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      const html = await res.text();
      expect(html).toContain('Oups');
      expect(html).toContain('<title>Page introuvable — Popote</title>');
    }
  });

  test('public HTML is the same for everyone: no cookie set, cacheable with an ETag; its scripts run under the answer’s nonce', async ({ request }) => {
    const res = await request.get('/passer-commande');
    expect(res.headers()['set-cookie']).toBeUndefined();
    expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = res.headers()['etag']!;
    const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy']!)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers()['content-security-policy']).not.toContain('unsafe-inline\' \'nonce');
    const html = await res.text();
    // Every executable script carries the nonce; none runs without it.
    for (const [tag] of html.matchAll(/<script(?![^>]*type="application\/(ld\+)?json")[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await request.get('/passer-commande', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()['content-security-policy']).toBeUndefined();
  });

  test('a page goes out compressed as the browser accepts it (brotli, else gzip, else plain), each encoding its own ETag', async ({ request }) => {
    // The order page: the home page's dishes of the moment are drawn anew at each answer.
    const as = (encoding: string) => request.get('/passer-commande', { headers: { 'accept-encoding': encoding } });
    const plain = await as('identity');
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const text = await plain.text();
    expect(text).toContain('<h1');
    for (const [asked, sent] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
      const res = await as(asked);
      expect(res.headers()['content-encoding'], asked).toBe(sent);
      expect(res.headers()['vary']).toMatch(/accept-encoding/i);
      expect(Number(res.headers()['content-length'])).toBeLessThan(Buffer.byteLength(text) / 3);
      // Decoded by the client, the same page.
      expect((await res.text()).replace(/nonce="[^"]+"|"nonce-[^"]+"/g, '')).toContain('<h1');
      expect(res.headers()['etag']).toMatch(new RegExp(`-${sent}"$`));
      expect((await request.get('/passer-commande', { headers: { 'accept-encoding': asked, 'if-none-match': res.headers()['etag']! } })).status()).toBe(304);
    }
  });

  test('robots.txt and sitemap.xml are there', async ({ request, baseURL }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/points-de-livraison</loc>`);
  });
});

test.describe('in the browser', () => {
  // Taken over as a customer's browser does, its service worker installing and taking control.
  test.use({ serviceWorkers: 'allow' });
  test('every route is taken over without a console error or a hydration mismatch', async ({ page, context, request }) => {
    test.setTimeout(240_000);
    // The map service is outside this machine: answered here, so its failures cannot pass for the app's.
    await serveMapFixtures(context);
    const [dish] = await json<CatalogProduct[]>(request, '/api/products');
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    // The worker installs on the first visit and takes the page over: let it settle first.
    await page.goto('/');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    for (const path of ['/', `/${dish!.slug}`, '/passer-commande', `/passer-commande/${dish!.slug}`, '/points-de-livraison', '/contact', '/rejoignez-nous', '/entreprises', '/login', '/la-consigne', '/compte/mot-de-passe', '/passer-commande?volet=formule', '/?volet=panier', '/contact?volet=compte']) {
      await page.goto(path);
      // Hydrated: the browser's work after the first screen has started.
      await expect(page.locator('html[data-hydrated]'), path).toBeAttached();
    }
    // The map's tiles come from a service outside this machine: only the app's own messages count.
    // MapLibre's own notes on a style it simplifies are not the app's, nor the software WebGL
    // driver's performance notes ("GL Driver Message … GPU stall due to ReadPixels"), which
    // Chromium logs as warnings when the map reads its canvas back on a machine without a GPU.
    expect(problems.filter((p) => !/Map style|style diff|GL Driver Message \(OpenGL, Performance/.test(p))).toEqual([]);
  });

  test('a dish opened from the home page has its own address; the back button closes it', async ({ page, request }) => {
    const dishes = await json<CatalogProduct[]>(request, '/api/products/shuffle?number=8');
    await page.goto('/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const first = page.getByRole('group', { name: 'Plats du jour' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(dishes.length).toBeGreaterThan(0);
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a panel opened by its address is modal; one opened here closes with the back button', async ({ page }) => {
    await page.goto('/passer-commande?volet=formule');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const composer = page.getByRole('dialog', { name: 'Composer ma formule' });
    await expect.poll(() => composer.evaluate((node) => node.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(composer).toHaveCount(0);
    await expect(page).toHaveURL('/passer-commande');
    await page.getByRole('button', { name: /^Composer la formule / }).first().click();
    await expect(composer).toBeVisible();
    await expect(page).toHaveURL('/passer-commande?volet=formule');
    await page.goBack();
    await expect(composer).toHaveCount(0);
    await expect(page).toHaveURL('/passer-commande');
  });
});
