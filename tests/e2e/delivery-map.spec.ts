import { expect, test } from './fixtures';
import type { DeliveryLocation } from '#shared/api/delivery';
import { serveMapFixtures } from './map-fixtures';
import { expectEveryPoint, pinOf } from './map-pins';
import { escapeRegExp } from './text-match';
import { readJson } from './api-read';

test('the map renders tiles and numbered pins; a pin chooses its point', async ({ page, context, isMobile, request }) => {
  const fixtures = await serveMapFixtures(context);
  const locations = (await readJson(request, '/api/delivery-locations')) as DeliveryLocation[];
  const mapCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/delivery-map-/.test(r.url())) mapCode.push(r.url());
  });
  await page.goto('/points-de-livraison');
  if (isMobile) {
    // Below 667 px the list shows first; the switch shows the map, which is fetched and started
    // then: a phone that stays on the list never runs it.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Two frames: the map area's layout has been observed, and a map it started would be on its way.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(mapCode, 'the map’s code is not fetched behind the switch').toEqual([]);
    await page.getByRole('button', { name: 'Carte', exact: true }).click();
  }
  const map = page.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(map.locator('canvas')).toBeVisible();
  expect(mapCode.length).toBeGreaterThan(0);
  await expect.poll(fixtures.tiles).toBeGreaterThan(0);
  await expectEveryPoint(map, locations.length);

  // Pins too close to tell apart at this zoom are one cluster pin, which zooms in on its points.
  const cluster = map.getByRole('button', { name: /^\d+ points de livraison : / }).first();
  const inside = (await cluster.getAttribute('aria-label'))!.split(' : ')[1]!.split(', ');
  await cluster.click();
  for (const label of inside) await expect(map.getByRole('button', { name: label, exact: true })).toBeVisible();
  await expectEveryPoint(map, locations.length);

  // A pin chooses its point: the list shows it chosen, with its slots.
  const chosen = locations.find((l, i) => inside[0] === `${i + 1}. ${l.name}`)!;
  await map.getByRole('button', { name: inside[0], exact: true }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escapeRegExp(chosen.name)}`) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: `Créneaux à ${chosen.name}` })).toBeVisible();
  if (!isMobile) await expect(map.getByRole('button', { name: inside[0], exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('without the map service, the pins and the list still work over a plain background', async ({ page, context, isMobile, request }) => {
  // On the context: once the service worker controls the page, it is the one fetching the map.
  await context.route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
  const locations = (await readJson(request, '/api/delivery-locations')) as DeliveryLocation[];
  await page.goto('/points-de-livraison');
  if (isMobile) await page.getByRole('button', { name: 'Carte', exact: true }).click();
  const map = page.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-state', 'plain', { timeout: 15_000 });
  await (await pinOf(map, `1. ${locations[0]!.name}`)).click();
  await expect(page.getByRole('group', { name: `Créneaux à ${locations[0]!.name}` })).toBeVisible();
});

test('a search opens the map on what it found, clear of its edges and zoom buttons', async ({ page, context, isMobile }) => {
  await serveMapFixtures(context);
  await page.goto('/passer-commande');
  const search = page.getByRole('main').getByRole('search', { name: 'Rechercher un point de livraison' });
  // Charpennes lies about 2.5 km north-east of the map's default centre: outside a map left there.
  await search.getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('charpennes');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  if (isMobile) await selector.getByRole('button', { name: 'Carte', exact: true }).click();
  const map = selector.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  const pin = map.getByRole('button', { name: /^\d+\. Villeurbanne – Charpennes$/ });
  const zoomIn = map.getByRole('button', { name: 'Zoom avant' });
  await expect
    .poll(async () => {
      const [area, box, zoom] = await Promise.all([map.boundingBox(), pin.boundingBox(), zoomIn.boundingBox()]);
      if (!area || !box || !zoom) return 'not drawn';
      const inside = box.x >= area.x && box.y >= area.y && box.x + box.width <= area.x + area.width && box.y + box.height <= area.y + area.height;
      const underZoom = box.x + box.width > zoom.x && box.y < zoom.y + zoom.height * 2;
      return inside && !underZoom ? 'in view' : `pin at ${Math.round(box.x - area.x)},${Math.round(box.y - area.y)} of ${Math.round(area.width)}×${Math.round(area.height)}`;
    })
    .toBe('in view');
});
