import { expect, type Page } from './fixtures';
import type { CatalogProduct } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { xsrfToken } from './xsrf';
import { postAgainWhileShed, readJson } from './api-read';
import { customerCalls } from './round-steps';

/** The steps of a checkout that the payment specs share: a customer with a cart, the recap, the card page, the pop-in. */

let counter = 0;
const freshEmail = (project: string) => `paie-${project}-${Date.now()}-${++counter}@example.fr`;
export const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
export const recap = (page: Page) => page.getByRole('dialog', { name: 'Validation de votre panier' });
export const popin = (page: Page) => page.getByRole('dialog', { name: 'Vous allez vous régaler' });


/**
 * A fresh customer, a delivery slot chosen, one dish in the cart; returns the dish. The customer
 * signs up through the API with the page's own cookies (the sign-up form is account.spec.ts's to
 * test): a page and its hydration fewer for every journey that starts here.
 */
export async function customerWithCart(page: Page, project: string, pick: (d: CatalogProduct) => boolean = (d) => d.category === 'starter' && d.price > 100) {
  const call = customerCalls(page.request);
  const email = freshEmail(project);
  await call('/api/register', { firstname: 'Léa', lastname: 'Durand', phone: '06 12 34 56 78', email, password: 'tartine-42', password_confirmation: 'tartine-42', cgv: true });
  await call('/api/login', { email, password: 'tartine-42' });

  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length > 0)!;
  const delivery = location.deliveries[location.deliveries.length - 1]!;
  const chosen = await postAgainWhileShed(page.request, '/api/deliveries', { data: { id: delivery.id }, headers: { 'x-xsrf-token': await xsrfToken(page) } });
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
