import { expect, test } from './fixtures';
import { readJson } from './api-read';

/**
 * Text from the database is shown as text: a dish whose name and descriptions hold markup, loaded
 * through the operator's catalog import (its sandbox route: the e2e database is in memory), shows
 * the markup literally on every screen that names the dish, and none of it runs.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SLUG = 'plat-piege-xss';

const dish = {
  slug: SLUG,
  name: `Piège ${IMG}`,
  short_description: `Court ${SCRIPT}`,
  description: `Long ${IMG} ${SCRIPT} <a href="javascript:window.__xss=1">lien</a>`,
  ingredients: [IMG, SCRIPT],
  allergens: [],
  tags: [SCRIPT],
  category: 'starter',
  price_cents: 450,
  vat_rate: 10,
};

let day: { date: string; before: { slug: string; stock: number | null }[] } | null = null;

test.afterEach(async ({ request }) => {
  if (!day) return;
  // The day as it was: the dish leaves the menu (nothing of it is reserved any more).
  const restored = await request.post('/__sandbox/catalog-import', { data: { dates: [day.date], availability: day.before } });
  expect(restored.ok(), await restored.text()).toBe(true);
  day = null;
});

test('a dish name and description holding markup show literally and never run', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A week ahead, in this test's own time: the dish joins a day no other test sees.
  const today = ((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date;
  const weekLater = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await request.post('/__sandbox/clock', { data: { now: `${weekLater}T07:00:00+01:00` } });
  const { current_delivery_date: date } = (await readJson(request, '/api/state')) as { current_delivery_date: string };
  expect(date).toBe(weekLater);
  const listed = (await readJson(request, `/__sandbox/catalog-availability?date=${date}`)) as { slug: string; stock: number | null }[];
  const before = listed.filter((a) => a.slug !== SLUG);
  day = { date, before };
  const imported = await request.post('/__sandbox/catalog-import', {
    data: { dates: [date], products: [dish], availability: [...before, { slug: SLUG, stock: null }] },
  });
  expect(imported.ok(), await imported.text()).toBe(true);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const ran = () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
  // Whatever the page parsed as markup would be an <img src="x"> or a <script> in the document
  // (not a data block: the page's JSON-LD and its list of scripts never run).
  const injected = () =>
    page.evaluate(() => document.querySelectorAll('img[src="x"], script:not([src]):not([type="application/ld+json"]):not([type="application/json"]), a[href^="javascript:"]').length);

  await page.goto('/passer-commande');
  await expect(page.getByText(dish.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(dish.short_description, { exact: true }).first()).toBeVisible();

  // The detail, with its own URL: name as the dialog's title, description, ingredients.
  await page.goto(`/passer-commande/${SLUG}`);
  const detail = page.getByRole('dialog', { name: dish.name });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(dish.description, { exact: true })).toBeVisible();
  await expect(detail.getByText(IMG).first()).toBeVisible();

  // In the cart and its snackbar.
  await detail.getByRole('button', { name: `Ajouter au panier : ${dish.name}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('snackbar').filter({ hasText: dish.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart.getByTestId('cart-line').getByText(dish.name, { exact: true })).toBeVisible();

  expect(await ran()).toBeUndefined();
  expect(await injected()).toBe(0);
  expect(dialogs).toEqual([]);

  await cart.getByRole('button', { name: `Un de moins : ${dish.name}` }).click();
  await expect(page.getByRole('button', { name: /^Panier, 0 article/ })).toBeAttached();
  expect(await ran()).toBeUndefined();
});
