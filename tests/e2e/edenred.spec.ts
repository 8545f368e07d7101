import { expect, test, type Page } from './fixtures';
import type { CatalogProduct } from '#shared/api/catalog';
import { customerWithCart, expectValidated, openPayment, recap, snackbar, toHostedPage } from './checkout-steps';
import { xsrfToken } from './xsrf';
import { readJson } from './api-read';

const SANDBOX = '/__sandbox/edenred';
const edenred = (page: Page) => recap(page).getByRole('region', { name: 'Edenred' });
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');
const text = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

// Demo balances back and the emulator's transactions (so the 25 € daily cap) forgotten.
test.beforeEach(async ({ page }) => {
  expect((await page.request.post(`${SANDBOX}/accounts/reset`)).ok()).toBe(true);
});

/** Links the sandbox account through the 800×800 popup, as the customer does. */
async function connect(page: Page, email: string) {
  const popupOpened = page.waitForEvent('popup');
  await edenred(page).getByRole('button', { name: 'Connecter mon compte Edenred' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
  expect(popup.viewportSize()).toEqual({ width: 800, height: 800 });
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Mot de passe').fill('demo');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Se connecter' }).click();
  await closed;
}

/** A fresh customer whose cart holds a dish of `category`, on the recap. */
async function onRecap(page: Page, project: string, pick: Parameters<typeof customerWithCart>[2]) {
  const ctx = await customerWithCart(page, project, pick);
  await openPayment(page);
  return ctx;
}

const remaining = async (page: Page) => text(await recap(page).getByTestId('payment-remaining-price').textContent());

test('connect in the popup, pay part with Edenred and the rest by card', async ({ page }, info) => {
  const { location, dish } = await onRecap(page, info.project.name, (d) => d.price >= 1000);
  await page.request.post(`${SANDBOX}/accounts/paul@edenred.test/balance`, { data: { balance_cents: 300 } });
  await connect(page, 'paul@edenred.test');
  await expect(edenred(page).getByTestId('edenred-balance')).toContainText('3,00');
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-edenred-linked.png` });
  await edenred(page).getByRole('button', { name: /^Utiliser 3,00.€ de mon solde Edenred$/ }).click();
  await expect(recap(page).getByTestId('payment-edenred')).toContainText('3,00');
  expect(await remaining(page)).toBe(euros(dish.price - 300));
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-edenred-applied.png` });
  await toHostedPage(page);
  await expect(page.getByText(((dish.price - 300) / 100).toFixed(2).replace('.', ','))).toBeVisible();
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
});

test('the balance pays the whole order', async ({ page }, info) => {
  const { location } = await onRecap(page, info.project.name, (d) => d.price > 100 && d.price < 2000);
  await connect(page, 'marie@edenred.test');
  await expect(edenred(page).getByTestId('edenred-balance')).toContainText('45,00');
  await edenred(page).getByRole('button', { name: 'Payer avec mon solde Edenred' }).click();
  await expectValidated(page, location.name);
});

test("'Enlever' gives the Edenred part back and restores what is left to pay", async ({ page }, info) => {
  await onRecap(page, info.project.name, (d) => d.price >= 1000);
  const before = await remaining(page);
  await connect(page, 'paul@edenred.test');
  await edenred(page).getByRole('button', { name: /de mon solde Edenred$/ }).click();
  await expect(recap(page).getByTestId('payment-edenred')).toContainText('8,00');
  await expect(edenred(page).getByRole('button', { name: /mon solde Edenred$/ })).toBeDisabled();
  await recap(page).getByRole('button', { name: 'Enlever' }).click();
  await expect(recap(page).getByTestId('payment-edenred')).toHaveCount(0);
  expect(await remaining(page)).toBe(before);
  await expect(edenred(page).getByTestId('edenred-balance')).toContainText('8,00');
});

test('a refused card gives the Edenred part back', async ({ page }, info) => {
  await onRecap(page, info.project.name, (d) => d.price >= 1000);
  await connect(page, 'paul@edenred.test');
  await edenred(page).getByRole('button', { name: /de mon solde Edenred$/ }).click();
  await expect(recap(page).getByTestId('payment-edenred')).toBeVisible();
  await toHostedPage(page);
  const refund = page.waitForResponse((r) => r.url().includes('/api/payment/edenred/refund/') && r.ok());
  await page.getByRole('button', { name: 'Refuser le paiement' }).click();
  await expect(snackbar(page, 'Le paiement a été refusé.')).toBeVisible();
  expect(await (await refund).json()).toEqual({ refunded: true });
  const account = await (await page.request.get(`${SANDBOX}/accounts/paul@edenred.test`)).json();
  expect(account.data.balance_cents).toBe(800);
});

test('a failed connection says so; logout says goodbye', async ({ page }, info) => {
  await onRecap(page, info.project.name, (d) => d.price > 100);
  const popupOpened = page.waitForEvent('popup');
  await edenred(page).getByRole('button', { name: 'Connecter mon compte Edenred' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Annuler' }).click();
  await expect(snackbar(page, 'Une erreur est survenue lors de la connexion à votre compte Edenred')).toBeVisible();
  await expect(snackbar(page, 'Une erreur est survenue lors de la connexion à votre compte Edenred')).toContainText('Erreur de connexion');
  if (!popup.isClosed()) await popup.close();

  await connect(page, 'marie@edenred.test');
  await edenred(page).getByRole('button', { name: 'Déconnecter mon compte Edenred' }).click();
  await expect(snackbar(page, 'Vous êtes déconnecté de votre compte Edenred')).toContainText('Déconnexion réussie');
  await expect(edenred(page).getByRole('button', { name: 'Connecter mon compte Edenred' })).toBeVisible();
});

test.describe('the Edenred widget', () => {
  async function openWidget(page: Page) {
    await edenred(page).getByRole('button', { name: 'Payer avec le formulaire sécurisé Edenred' }).click();
    const form = page.getByRole('dialog', { name: 'Payer avec Edenred' });
    await expect(form.getByLabel('E-mail Edenred')).toBeVisible();
    return form;
  }
  async function pay(form: ReturnType<Page['getByRole']>) {
    await form.getByLabel('E-mail Edenred').fill('marie@edenred.test');
    await form.getByLabel('Mot de passe').fill('demo');
    await form.getByRole('button', { name: /^Payer .* avec Edenred$/ }).click();
  }

  test('a confirmed widget payment places the order', async ({ page }, info) => {
    const { location } = await onRecap(page, info.project.name, (d) => d.price > 100 && d.price < 2000);
    const form = await openWidget(page);
    await page.screenshot({ path: `/tmp/shots/${info.project.name}-edenred-widget.png` });
    await pay(form);
    await expectValidated(page, location.name);
  });

  test('a payment still pending after 5 polls says so (browser clock)', async ({ page }, info) => {
    await page.clock.install();
    await onRecap(page, info.project.name, (d) => d.price > 100 && d.price < 2000);
    await page.request.post(`${SANDBOX}/widget/outcome`, { data: { outcome: 'pending' } });
    const form = await openWidget(page);
    const poll = () => page.waitForResponse((r) => r.url().includes('/api/payment/edenred/order-details'));
    let next = poll();
    await pay(form);
    await expect(page.getByText('Validation de votre paiement...')).toBeVisible();
    for (let i = 1; i <= 5; i++) {
      const res = await next;
      expect((await res.json()).order.current_status).toBe(0);
      if (i < 5) {
        next = poll();
        await page.clock.runFor(5000);
      }
    }
    await expect(snackbar(page, 'Vous allez recevoir une notification dès la réception du paiement.')).toContainText('Paiment en attente');
    await expect(page.getByText('Validation de votre paiement...')).toBeHidden();
    await expect(recap(page)).toBeVisible();
  });

  test("a provider error shows the provider's words and closes the modals", async ({ page }, info) => {
    await onRecap(page, info.project.name, (d) => d.price > 100 && d.price < 2000);
    await page.request.post(`${SANDBOX}/widget/outcome`, { data: { outcome: 'error', error_text: 'Carte Ticket Restaurant bloquée.' } });
    const form = await openWidget(page);
    await pay(form);
    await expect(snackbar(page, 'Carte Ticket Restaurant bloquée.')).toContainText('Le paiement ne peut pas fonctionner');
    await expect(page.getByRole('dialog', { name: 'Payer avec Edenred' })).toBeHidden();
  });
});

/**
 * Dishes whose prices add up to `cents` (four at most, repeats allowed), from the day's menu: a
 * cart of an exact total, for the daily cap's edges.
 */
function dishesSumming(dishes: CatalogProduct[], cents: number): CatalogProduct[] {
  const on = dishes.filter((d) => !d.sold_out && d.price > 0).sort((a, b) => a.price - b.price);
  const search = (left: number, from: number, depth: number): CatalogProduct[] | null => {
    if (left === 0) return [];
    if (depth === 0) return null;
    for (let i = from; i < on.length && on[i]!.price <= left; i++) {
      const rest = search(left - on[i]!.price, i, depth - 1);
      if (rest) return [on[i]!, ...rest];
    }
    return null;
  };
  const found = search(cents, 0, 4);
  if (!found) throw new Error(`no dishes of the day add up to ${cents} cents`);
  return found;
}

// The daily cap of meal vouchers (25 €) on both Edenred ways: the balance pays what the panel
// offers, the daily cap counted, and the card the rest; the widget, which pays the whole rest,
// is offered only within the cap (and left, its session is closed: the balance may pay instead).
for (const total of [2400, 2500, 2600, 4280]) {
  test(`Edenred for an order of ${euros(total)}: the balance pays within the 25 € cap, the widget only below it`, async ({ page }, info) => {
    const { location, dish } = await customerWithCart(page, `${info.project.name}-plafond`, (d) => d.price > 0);
    const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
    // The cart's first dish is in; the others are added as the customer would, then the cart is read again.
    const others = dishesSumming(dishes, total - dish.price);
    for (const other of others) {
      const added = await page.request.post('/api/cart/products', { data: { id: other.id }, headers: { 'x-xsrf-token': await xsrfToken(page) } });
      expect(added.ok(), await added.text()).toBe(true);
    }
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^Panier, ${others.length + 1} article`) }).click();
    await page.getByRole('dialog', { name: 'Mon panier' }).getByRole('button', { name: 'Passer au paiement' }).click();
    await expect(recap(page).getByTestId('payment-remaining-price')).toHaveText(euros(total));

    const widgetLink = edenred(page).getByRole('button', { name: 'Payer avec le formulaire sécurisé Edenred' });
    if (total <= 2500) {
      await widgetLink.click();
      const form = page.getByRole('dialog', { name: 'Payer avec Edenred' });
      await expect(form.getByText('À payer avec Edenred')).toBeVisible();
      await expect(form).toContainText(euros(total));
      await form.getByRole('button', { name: /Retour au récapitulatif/ }).click();
      await expect(recap(page).getByTestId('meal-voucher-cap')).toHaveCount(0);
    } else {
      await expect(widgetLink).toHaveCount(0);
      await expect(edenred(page).getByTestId('edenred-widget-cap')).toContainText('dans la limite de 25,00 € par jour');
      // The recap says why meal vouchers pay less than the rest.
      await expect(recap(page).getByTestId('meal-voucher-cap')).toHaveText(
        'Les titres-restaurant sont plafonnés à 25 € par jour ; la consigne se règle par carte ou cagnotte. Titres-restaurant encore possibles sur cette commande : 25,00 €.',
      );
      if (total === 4280) await recap(page).screenshot({ path: `/tmp/shots/${info.project.name}-edenred-cap.png` });
    }

    await connect(page, 'marie@edenred.test');
    await expect(edenred(page).getByTestId('edenred-balance')).toContainText('45,00');
    if (total <= 2500) {
      await edenred(page).getByRole('button', { name: 'Payer avec mon solde Edenred' }).click();
      await expectValidated(page, location.name);
      return;
    }
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/payment/edenred/partly'));
    await edenred(page).getByRole('button', { name: 'Utiliser 25,00 € de mon solde Edenred' }).click();
    expect((await sent).postDataJSON()).toEqual({ amount: 2500 });
    await expect(recap(page).getByTestId('payment-edenred')).toContainText('25,00');
    expect(await remaining(page)).toBe(euros(total - 2500));
    await toHostedPage(page);
    await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
    await expectValidated(page, location.name);
  });
}
