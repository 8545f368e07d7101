import { expect, test, type Page } from './fixtures';
import { customerWithCart, expectValidated, openPayment, popin, recap, snackbar, toHostedPage } from './checkout-steps';

async function expectInvoiceInAccount(page: Page) {
  await popin(page).getByRole('button', { name: 'Super !' }).click();
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  const order = page.getByRole('dialog', { name: 'Mon compte' }).getByTestId('order').first();
  await expect(order).toBeVisible();
  await expect(order.getByRole('link', { name: /^Facture / })).toHaveAttribute('target', '_blank');
}

test('a customer pays by card on the hosted page and finds the order with its invoice', async ({ page }, info) => {
  const { dish, location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  const modal = recap(page);
  await expect(modal.getByTestId('payment-final-price')).toContainText(/\d,\d\d/);
  await expect(modal.getByTestId('payment-remaining-price')).toHaveText((await modal.getByTestId('payment-final-price').textContent())!);
  await expect(modal.getByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-recap.png` });
  // The overlay does not close the payment modal; the back button returns to the cart.
  await page.mouse.click(5, 400);
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: /Retour au panier/ }).click();
  await expect(page.getByRole('dialog', { name: 'Mon panier' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Mon panier' }).getByRole('button', { name: 'Passer au paiement' }).click();

  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  expect(dish.name).toBeTruthy();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-validated.png` });
  await expectInvoiceInAccount(page);
});

test('a refused card says so, and the customer pays on the second try', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  await toHostedPage(page);
  await page.getByRole('button', { name: 'Refuser le paiement' }).click();
  await expect(snackbar(page, 'Paiement refusé')).toContainText('Le paiement a été refusé.');
  await expect(page).toHaveURL('/passer-commande');
  await expect(popin(page)).toHaveCount(0);

  await openPayment(page);
  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  await expectInvoiceInAccount(page);
});

test('a pending card payment shows a notice, the page usable, until the provider confirms it', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  const poId = await toHostedPage(page);
  // Two checks of the order while the provider has not confirmed: the notice stays through them,
  // and nothing covers the page (the heading takes a click).
  const checked = () => page.waitForResponse((r) => /\/api\/payment\/paygreen\/[^/]+\/order$/.test(new URL(r.url()).pathname));
  let check = checked();
  await page.getByRole('button', { name: 'Laisser en attente' }).click();
  const notice = page.getByTestId('payment-confirming');
  await expect(notice).toContainText('Validation de votre paiement...');
  await expect(notice).toContainText('Vous pouvez continuer votre visite.');
  for (let i = 0; i < 2; i++) {
    await check;
    check = checked();
  }
  await expect(notice).toBeVisible();
  await page.getByRole('heading', { name: 'Passer commande' }).click({ trial: true, timeout: 2000 });
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-payment-confirming.png` });
  const outcome = await page.request.post(`/__sandbox/paygreen/payment-orders/${poId}/outcome`, { data: { status: 'successed' } });
  expect(outcome.ok()).toBe(true);
  await expectValidated(page, location.name);
  await expectInvoiceInAccount(page);
  await expect(page.getByText('Validation de votre paiement...')).toHaveCount(0);
  await expect(notice).toHaveCount(0);
});

test('a payment left pending is not lost when the app is closed: the next visit finds it confirmed', async ({ page }, info) => {
  const { location } = await customerWithCart(page, `${info.project.name}-revient`);
  await openPayment(page);
  const poId = await toHostedPage(page);
  await page.getByRole('button', { name: 'Laisser en attente' }).click();
  await expect(page.getByText('Validation de votre paiement...')).toBeVisible();
  // The customer leaves while it is checked: the next visit checks it again, still pending, quietly.
  await page.goto('/');
  await expect(page.getByText('Validation de votre paiement...')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('popote:card-payment') ?? 'null')?.poId)).toBe(poId);
  // The provider confirms while the app is closed; opened again, the order is there.
  expect((await page.request.post(`/__sandbox/paygreen/payment-orders/${poId}/outcome`, { data: { status: 'successed' } })).ok()).toBe(true);
  await page.goto('/passer-commande');
  await expectValidated(page, location.name);
  // Settled: no longer kept to be checked again.
  expect(await page.evaluate(() => localStorage.getItem('popote:card-payment'))).toBeNull();
});

test('paper vouchers go to the pool, the pool pays part, the card the rest', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  // An empty pool offers nothing to use.
  await expect(recap(page).getByTestId('payment-max-usable-pool')).toHaveText(/^0,00\s€$/);
  await expect(recap(page).getByRole('button', { name: /^Utiliser ma cagnotte/ })).toHaveCount(0);
  await recap(page).getByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' }).click();
  const screen = page.getByRole('dialog', { name: 'Ma cagnotte Tickets resto papiers' });
  await expect(screen).toBeVisible();
  await expect(screen.getByText('Écrivez votre nom au dos de chaque ticket.')).toBeVisible();
  await expect(screen.getByTestId('voucher-row')).toHaveCount(1);
  await expect(screen.getByRole('button', { name: 'Supprimer la ligne 1' })).toBeDisabled();

  // More than 20 tickets: warned, both add buttons off.
  await screen.getByLabel('Nombre de tickets').selectOption('20');
  await screen.getByRole('button', { name: 'Ajouter un autre ticket resto' }).click();
  await expect(screen.getByTestId('voucher-row')).toHaveCount(2);
  await expect(screen.getByText('Attention, vous ne pouvez ajouter plus de 20 tickets restaurant papier à votre cagnotte.')).toBeVisible();
  await expect(screen.getByRole('button', { name: /à ma cagnotte$/ })).toBeDisabled();
  await expect(screen.getByRole('button', { name: 'Ajouter un autre ticket resto' })).toBeDisabled();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-vouchers-limit.png` });
  await screen.getByRole('button', { name: 'Supprimer la ligne 2' }).click();

  await screen.getByLabel('Nombre de tickets').selectOption('1');
  // A value is typed to the cent; one that is not a ticket's value is refused on the field.
  const value = screen.getByLabel(/^Valeur d’un ticket/);
  await expect(value).toHaveAccessibleDescription('Valeur d’un ticket : de 0 à 19 €, centimes compris (par exemple 9,25).');
  await value.fill('25');
  await screen.getByRole('button', { name: /à ma cagnotte$/ }).click();
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(value).toBeFocused();
  await expect(screen.getByRole('alert')).toHaveText('Saisissez la valeur d’un ticket, de 0 à 19 €, centimes compris (par exemple 9,25).');
  await value.fill('1,25');
  await expect(value).not.toHaveAttribute('aria-invalid');
  await expect(screen.getByRole('button', { name: /^Ajouter 1,25\s€ à ma cagnotte$/ })).toBeEnabled();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-vouchers.png` });
  await screen.getByRole('button', { name: /^Ajouter 1,25\s€ à ma cagnotte$/ }).click();

  const modal = recap(page);
  await expect(modal.getByTestId('payment-available-pool')).toHaveText(/^1,25\s€$/);
  await modal.getByRole('button', { name: /^Utiliser ma cagnotte/ }).click();
  await expect(modal.getByText('Paiement enregistré, en attente du reste à payer')).toBeVisible();
  await expect(modal.getByTestId('payment-pool')).toContainText('1,25');

  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  await expectInvoiceInAccount(page);
});

test('paper vouchers worth the whole order: the pool pays it all', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  await recap(page).getByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' }).click();
  const screen = page.getByRole('dialog', { name: 'Ma cagnotte Tickets resto papiers' });
  // One 19 € ticket covers the starter; more would be refused (the order's need plus one ticket at most).
  await screen.getByLabel('Nombre de tickets').selectOption('1');
  await screen.getByLabel(/^Valeur d’un ticket/).fill('19');
  await screen.getByRole('button', { name: /^Ajouter 19,00\s€ à ma cagnotte$/ }).click();
  const modal = recap(page);
  await expect(modal.getByTestId('payment-available-pool')).toHaveText(/^19,00\s€$/);
  // The panel closed and opened again (a new validation of the cart): the vouchers are still declared.
  await modal.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(modal).toBeHidden();
  await openPayment(page);
  await expect(modal.getByTestId('payment-available-pool')).toHaveText(/^19,00\s€$/);
  await modal.getByRole('button', { name: /^Utiliser ma cagnotte/ }).click();
  // Applied, not spent: the order waits for the customer's "Valider ma commande".
  await expect(modal.getByTestId('payment-remaining-price')).toHaveText(/^0,00\s€$/);
  await expect(modal.getByText('Il ne reste rien à payer : validez votre commande pour la confirmer.')).toBeVisible();
  await expect(modal.getByRole('button', { name: /^Utiliser ma cagnotte/ })).toHaveCount(0);
  expect(((await (await page.request.get('/api/me')).json()) as { orders: unknown[] }).orders).toEqual([]);
  await modal.getByRole('button', { name: 'Valider ma commande' }).click();
  await expectValidated(page, location.name);
  await expectInvoiceInAccount(page);
});

async function applyCode(page: Page, code: string) {
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await cart.getByLabel('Votre code promo').fill(code);
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  await expect(cart.getByText(code)).toBeVisible();
  return cart;
}

test('a free cart is ordered at once, without the payment modal', async ({ page }, info) => {
  // A 2,00 € drink with the 3 € code: nothing to pay.
  const { location } = await customerWithCart(page, info.project.name, (d) => d.price === 200);
  const cart = await applyCode(page, 'DEJEUNER3');
  await expect(cart.getByTestId('cart-final-price')).toHaveText(/^0,00\s€$/);
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  await expectValidated(page, location.name);
  await expect(recap(page)).toHaveCount(0);
  await expectInvoiceInAccount(page);
});

test('a remaining amount of 0,50 € or less is not paid by card', async ({ page }, info) => {
  // A 3,30 € drink with the 3 € code: 0,30 € left.
  await customerWithCart(page, info.project.name, (d) => d.price === 330);
  const cart = await applyCode(page, 'DEJEUNER3');
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  const modal = recap(page);
  await expect(modal.getByTestId('payment-remaining-price')).toHaveText(/^0,30\s€$/);
  await modal.getByRole('button', { name: 'CB / Tickets restaurant' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Notre système de paiement ne permet pas de payer des montants inférieurs à 0,5€ en CB.');
  expect(page.url()).not.toContain('__sandbox');
});

test('a card payment that cannot start says why and stays on the recap', async ({ page }, info) => {
  await customerWithCart(page, info.project.name);
  await openPayment(page);
  // The provider fails the next call once (the creation of the payment order).
  await page.request.post('/__sandbox/paygreen/failures', { data: { status: 500, count: 1 } });
  await recap(page).getByRole('button', { name: 'CB / Tickets restaurant' }).click();
  await expect(snackbar(page, 'Nous avons rencontré une erreur')).toContainText('Le paiement par carte est momentanément indisponible');
  await expect(recap(page)).toBeVisible();
  await expect(page.getByText('Validation de votre paiement...')).toHaveCount(0);
  // The next try goes through.
  await toHostedPage(page);
});

test('the payment panel has an address: the back button goes back to the order page, the cart intact', async ({ page }, info) => {
  await customerWithCart(page, info.project.name);
  await openPayment(page);
  await expect(page).toHaveURL('/passer-commande?volet=paiement');
  const price = await recap(page).getByTestId('payment-final-price').textContent();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-payment-panel.png` });
  await page.goBack();
  await expect(recap(page)).toHaveCount(0);
  await expect(page).toHaveURL('/passer-commande');
  await expect(page.getByRole('heading', { level: 1, name: 'Passer commande' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeVisible();
  // The same checkout again, from the cart.
  await openPayment(page);
  await expect(recap(page).getByTestId('payment-final-price')).toHaveText(price!);
});

test('a reload on the payment panel shows the same checkout; without one, it says the payment expired and shows the cart', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeVisible();
  // No checkout started: the address of a payment is no payment.
  await page.goto('/passer-commande?volet=paiement');
  await expect(snackbar(page, 'Paiement expiré')).toContainText('Ce paiement n’est plus en cours');
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart).toBeVisible();
  await expect(page).toHaveURL('/passer-commande?volet=panier');

  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  await expect(recap(page)).toBeVisible();
  const price = await recap(page).getByTestId('payment-final-price').textContent();
  await page.reload();
  await expect(recap(page).getByTestId('payment-final-price')).toHaveText(price!);
  await expect(page).toHaveURL('/passer-commande?volet=paiement');
  // Still the checkout it was: it is paid.
  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
});
