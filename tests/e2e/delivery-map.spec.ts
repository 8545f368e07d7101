import { expect, test } from './fixtures';
import type { DeliveryLocation } from '#shared/api/delivery';
import { serveMapFixtures } from './map-fixtures';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the map renders tiles and numbered pins; a pin chooses its point', async ({ page, context, isMobile, request }) => {
  const fixtures = await serveMapFixtures(context);
  const locations = (await (await request.get('/api/delivery-locations')).json()) as DeliveryLocation[];
  await page.goto('/points-de-livraison');
  if (isMobile) {
    // Below 667 px the list shows first; the switch shows the map.
    await expect(page.getByTestId('delivery-map')).toBeHidden();
    await page.getByRole('button', { name: 'Carte', exact: true }).click();
  }
  const map = page.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(map.locator('canvas')).toBeVisible();
  await expect.poll(fixtures.tiles).toBeGreaterThan(0);
  await expect(map.getByRole('button', { name: /^\d+\. / })).toHaveCount(locations.length);

  const third = locations[2]!;
  await map.getByRole('button', { name: `3. ${third.name}` }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(third.name)}`) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: `Créneaux à ${third.name}` })).toBeVisible();
  if (!isMobile) await expect(map.getByRole('button', { name: `3. ${third.name}` })).toHaveAttribute('aria-pressed', 'true');
});

test('without the map service, the pins and the list still work over a plain background', async ({ page, context, isMobile, request }) => {
  // On the context: once the service worker controls the page, it is the one fetching the map.
  await context.route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
  const locations = (await (await request.get('/api/delivery-locations')).json()) as DeliveryLocation[];
  await page.goto('/points-de-livraison');
  if (isMobile) await page.getByRole('button', { name: 'Carte', exact: true }).click();
  const map = page.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-state', 'plain', { timeout: 15_000 });
  await map.getByRole('button', { name: `1. ${locations[0]!.name}` }).click();
  await expect(page.getByRole('group', { name: `Créneaux à ${locations[0]!.name}` })).toBeVisible();
});
