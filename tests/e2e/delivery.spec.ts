import { expect, test, type APIRequestContext, type Page } from './fixtures';
import type { DeliveryLocation } from '#shared/api/delivery';
import { frenchTime, frenchTimeRange } from '#shared/time';
import { escapeRegExp } from './text-match';
import { readJson } from './api-read';

/** Freezes the server's and the browser's clocks at a time of the current delivery date (Paris). */
async function freezeAt(page: Page, request: APIRequestContext, time: string) {
  const { current_delivery_date: date } = await (await request.get('/api/state')).json();
  const now = `${date}T${time}+01:00`;
  await request.post('/__sandbox/clock', { data: { now } });
  await page.clock.setFixedTime(new Date(now));
  const locations = (await readJson(request, `/api/delivery-locations?date=${date}`)) as DeliveryLocation[];
  return locations;
}

/** A label as a pattern where any space (the times hold no-break ones) matches any space. */
const loose = (text: string) => new RegExp(escapeRegExp(text).replace(/\s+/g, '\\s+'));
/** A point of the list, by its name (its map number is drawn, not read). */
const point = (page: Page, location: DeliveryLocation) => page.getByRole('button', { name: new RegExp(`^${escapeRegExp(location.name)}`) });

test.afterEach(async ({ request }) => {
  await request.post('/__sandbox/clock', { data: { now: null } });
});

test('a visitor chooses a point and a slot from the list, and the order page shows it', async ({ page, request }) => {
  const locations = await freezeAt(page, request, '08:00:00');
  const location = locations.find((l) => l.deliveries.length > 1 && !l.is_private)!;
  await page.goto('/passer-commande');
  await page.getByRole('button', { name: 'Choisir un point de livraison' }).click();
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  await point(page, location).click();
  const slots = selector.getByRole('group', { name: `Créneaux à ${location.name}` });
  // Several slots: none is chosen for the customer. The point is chosen: the slot is what is missing.
  await selector.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(slots.getByRole('alert')).toHaveText('Veuillez choisir un créneau de livraison.');
  const second = location.deliveries[1]!;
  // Times read the French way: '11 h 45 – 12 h 15'.
  const label = `Livraison : ${frenchTimeRange(second.starts_at, second.ends_at)}`;
  expect(label).toMatch(/^Livraison : \d{1,2}\sh(\s\d\d)?\s– \d{1,2}\sh(\s\d\d)?$/);
  await slots.getByRole('radio', { name: loose(label) }).check();
  await expect(slots.getByText(`Fin des commandes à ${frenchTime(second.tour.order_time_limit)}`).first()).toBeVisible();
  await selector.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Point de livraison enregistré' })).toContainText(location.name);
  await expect(selector).toHaveCount(0);
  const summary = page.getByRole('region', { name: /Votre livraison/ });
  await expect(summary).toContainText(location.name);
  await expect(summary).toContainText(frenchTimeRange(second.starts_at, second.ends_at));
  // The order page's search (the form intent) stays: another point is a search away.
  await expect(summary.getByRole('search', { name: 'Rechercher un point de livraison' })).toBeVisible();
  // Elsewhere, the header's widget (trigger intent) offers the chosen point instead of the search
  // field (the order page has its own).
  await page.getByRole('link', { name: 'Popote, retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
  const headerSelect = page.getByRole('banner').getByRole('button', { name: new RegExp(`${escapeRegExp(location.name)}.*Changer`) });
  await expect(headerSelect).toBeVisible();
  await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
  await headerSelect.click();
  await expect(selector.getByRole('button', { name: new RegExp(`^${escapeRegExp(location.name)}`) })).toHaveAttribute('aria-pressed', 'true');
});

test('a private point with one slot is chosen at once and says it is for employees', async ({ page, request }) => {
  const locations = await freezeAt(page, request, '08:00:00');
  const location = locations.find((l) => l.is_private && l.deliveries.length === 1)!;
  await page.goto('/points-de-livraison');
  const item = point(page, location);
  await expect(item).toContainText('réservé aux salariés');
  await item.click();
  const slot = page.getByRole('group', { name: `Créneaux à ${location.name}` }).getByRole('radio');
  await expect(slot).toBeChecked();
  await expect(page.getByText(`Livraison avant ${frenchTime(location.deliveries[0]!.starts_at)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  // After a successful choice the app goes to the order page.
  await expect(page).toHaveURL('/passer-commande');
  await expect(page.getByRole('region', { name: /Votre livraison/ })).toContainText(location.name);
});

test('after a tour’s cut-off its slots are disabled, and the server refuses a late choice', async ({ page, request }) => {
  const locations = await freezeAt(page, request, '10:45:00');
  const location = locations.find((l) => l.deliveries.some((d) => d.tour.order_time_limit === '10:30:00'))!;
  const late = location.deliveries.find((d) => d.tour.order_time_limit === '10:30:00')!;
  await page.goto('/points-de-livraison');
  await point(page, location).click();
  const slots = page.getByRole('group', { name: `Créneaux à ${location.name}` });
  const lateLabel = location.is_private ? `Livraison avant ${frenchTime(late.starts_at)}` : `Livraison : ${frenchTimeRange(late.starts_at, late.ends_at)}`;
  await expect(slots.getByRole('radio', { name: loose(lateLabel) })).toBeDisabled();
  await expect(slots.getByText('Commandes closes pour aujourd’hui').first()).toBeVisible();

  // The browser believes it is still early: the server's cut-off rule has the last word.
  await page.clock.setFixedTime(new Date(`${late.starts_at.slice(0, 10)}T08:00:00+01:00`));
  await page.reload();
  await point(page, location).click();
  const radio = page.getByRole('group', { name: `Créneaux à ${location.name}` }).getByRole('radio', { name: loose(lateLabel) });
  await radio.check();
  await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(page.getByRole('alert')).toContainText('La fin des commandes pour ce point de livraison est passée pour aujourd’hui');
});

test('a point chosen from the cart on the home page goes back to the cart, on the home page', async ({ page, request }) => {
  const locations = await freezeAt(page, request, '08:00:00');
  const location = locations.find((l) => l.deliveries.length === 1 && !l.is_private) ?? locations.find((l) => !l.is_private)!;
  await page.goto('/passer-commande');
  await page.getByRole('button', { name: /^Ajouter au panier : / }).first().click();
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeVisible();
  await page.getByRole('link', { name: 'Popote, retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await cart.getByRole('button', { name: 'Choisir un point de livraison' }).click();
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  await point(page, location).click();
  const slots = selector.getByRole('group', { name: `Créneaux à ${location.name}` });
  if (location.deliveries.length > 1) await slots.getByRole('radio').first().check();
  await selector.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(cart).toBeVisible();
  await expect(cart).toContainText(location.name);
  await expect(page).toHaveURL('/?volet=panier');
  // Closed, the cart leaves the page as it was before it opened.
  await page.keyboard.press('Escape');
  await expect(cart).toHaveCount(0);
  await expect(page).toHaveURL('/');
});

test('a company point asks for its code: a wrong one is said under the field, the right one saves the choice', async ({ page, request }) => {
  const locations = await freezeAt(page, request, '08:00:00');
  const location = locations.find((l) => l.access === 'code' && l.deliveries.length > 0)!;
  const domainPoint = locations.find((l) => l.access === 'email_domain')!;
  await page.goto('/points-de-livraison');
  // A point for an e-mail domain says so, tied to its button for screen readers.
  await expect(point(page, domainPoint)).toHaveAccessibleDescription(`Réservé aux salariés : commande avec une adresse e-mail @${domainPoint.access_email_domain}.`);
  await point(page, location).click();
  const code = page.getByRole('textbox', { name: 'Code de votre entreprise' });
  await code.fill('PAS-LE-BON');
  await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(code).toHaveAccessibleDescription('Ce code n’ouvre pas ce point de livraison.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  await expect(page).toHaveURL('/points-de-livraison');
  // The seeded code (docs/sandbox.md), typed in lower case.
  await code.fill('canopee-vaise');
  await expect(code).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(page).toHaveURL('/passer-commande');
  await expect(page.getByRole('region', { name: /Votre livraison/ })).toContainText(location.name);
});
