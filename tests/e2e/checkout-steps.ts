import { expect, type Page } from './fixtures';
import type { CatalogProduct } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { xsrfToken } from './xsrf';
import { readJson } from './api-read';

/** The steps of a checkout that the payment specs share: a customer with a cart, the recap, the card page, the pop-in. */

let counter = 0;
const freshEmail = (project: string) => `paie-${project}-${Date.now()}-${++counter}@example.fr`;
export const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
export const recap = (page: Page) => page.getByRole('dialog', { name: 'Validation de votre panier' });
export const popin = (page: Page) => page.getByRole('dialog', { name: 'Vous allez vous régaler' });


/** A fresh customer, a delivery slot chosen, one dish in the cart; returns the dish. */
export async function customerWithCart(page: Page, project: string, pick: (d: CatalogProduct) => boolean = (d) => d.category === 'starter' && d.price > 100) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Prénom').fill('Léa');
  await form.getByLabel(/^Nom\b/).fill('Durand');
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form.getByLabel('E-mail').fill(freshEmail(project));
  await form.getByLabel(/^Mot de passe/).fill('tartine-42');
  await form.getByLabel('Confirmation du mot de passe').fill('tartine-42');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL('/');

  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length > 0)!;
  const delivery = location.deliveries[location.deliveries.length - 1]!;
  const chosen = await page.request.post('/api/deliveries', { data: { id: delivery.id }, headers: { 'x-xsrf-token': await xsrfToken(page) } });
  expect(chosen.ok()).toBe(true);

  await page.goto('/passer-commande');
  // The customer's state has arrived (the header offers their account): paying then goes to the
  // recap, not to the login the page offers while it does not yet know who is there.
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  const dish = dishes.find((d) => !d.sold_out && pick(d))!;
  await page.getByRole('button', { name: `Ajouter au panier : ${dish.name}`, exact: true }).click();
  // In the cart on the server once the header counts it: a call made next (validation) finds it.
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeVisible();
  return { dish, location };
}

export async function openPayment(page: Page) {
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  await page.getByRole('dialog', { name: 'Mon panier' }).getByRole('button', { name: 'Passer au paiement' }).click();
  await expect(recap(page)).toBeVisible();
}

/** Card payment: the modal sends the customer to the sandbox hosted page; returns the po id. */
export async function toHostedPage(page: Page) {
  await recap(page).getByRole('button', { name: 'CB / Tickets restaurant' }).click();
  await page.waitForURL(/\/__sandbox\/paygreen\/pay\/po_/);
  return /\/pay\/(po_[A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

export async function expectValidated(page: Page, locationName: string) {
  await expect(popin(page)).toBeVisible({ timeout: 15_000 });
  await expect(popin(page)).toContainText(locationName);
  await expect(popin(page)).toContainText(/\d{1,2}\sh(\s\d\d)?\s–\s\d{1,2}\sh(\s\d\d)?/);
  // The return parameters are gone; the cart is empty; a purchase event was sent.
  expect(page.url()).not.toContain('payment_status');
  await expect(page.getByRole('button', { name: /^Panier, 0 article/ })).toBeAttached();
  const purchases = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase'));
  expect(purchases).toHaveLength(1);
}
