import { expect, test, type Page } from './fixtures';
import { pdfText } from './pdf-text';
import { formatAmount } from '#shared/money';
import { customerWithCart, expectValidated, openPayment, popin, recap, snackbar, toHostedPage } from './checkout-steps';
import { logInTeam } from './team-steps';
import { readJson } from './api-read';

/** An amount as the recap writes it ("12,50 €"), in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);



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

/** What the recap says of an amount: "12,50 €" with its no-break space. */
const euros = (cents: number) => new RegExp(`^${formatAmount(cents)}\\s€$`);

test('a card after declared vouchers: they come off the rest at once, the card pays the rest alone, the labels and the round ask for them', async ({ page, context }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  const final = centsOf((await recap(page).getByTestId('payment-final-price').textContent())!);
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

  // Nothing else tapped: the vouchers are off the rest to pay already, the pool untouched.
  const modal = recap(page);
  await expect(modal.getByTestId('payment-paper-vouchers')).toHaveText(/^−\s1,25\s€$/);
  await expect(modal.getByTestId('payment-remaining-price')).toHaveText(euros(final - 125));
  await expect(modal.getByTestId('payment-available-pool')).toHaveText(/^0,00\s€$/);
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-recap-vouchers.png` });

  // One charge, of the rest alone.
  await toHostedPage(page);
  await expect(page.locator('dd.amount')).toHaveText(euros(final - 125));
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  const placed = ((await readJson(page.request, '/api/me')) as { orders: { invoice_number: string; delivery_day: string }[] }).orders[0]!;
  const date = placed.delivery_day.split('/').reverse().join('-');

  // The team's documents ask the courier for exactly the vouchers declared, beside one card payment.
  const team = await context.newPage();
  await logInTeam(team, 'admin@popote.fr');
  const board = (await readJson(team.request, `/api/staff/orders?date=${date}`)) as { orders: { invoice_number: string; delivery: { tour: string }; means: { means: string; amount: number }[] }[] };
  const order = board.orders.find((o) => o.invoice_number === placed.invoice_number)!;
  expect(order.means.map((m) => [m.means, m.amount])).toEqual([
    ['paper_vouchers', 125],
    ['card', final - 125],
  ]);
  const labels = await pdfText(await (await team.request.get(`/api/staff/labels.pdf?date=${date}`)).body());
  const label = labels.slice(labels.indexOf(placed.invoice_number), labels.indexOf(placed.invoice_number) + 400);
  expect(label).toMatch(/Tickets papier à récupérer : 1 × 1,25 €/);
  const tours = (await readJson(team.request, '/api/staff/tours')) as { tours: { id: number; name: string }[] };
  const tour = tours.tours.find((t) => t.name === order.delivery.tour)!;
  const round = (await readJson(team.request, `/api/staff/rounds/${tour.id}?date=${date}`)) as { stops: { orders: { invoice_number: string; vouchers_declared: unknown }[] }[] };
  const bag = round.stops.flatMap((s) => s.orders).find((o) => o.invoice_number === placed.invoice_number)!;
  expect(bag.vouchers_declared).toEqual({ total_cents: 125, rows: [{ count: 1, unit_cents: 125 }] });
  await team.close();
  await expectInvoiceInAccount(page);
});

test('« Annuler et revenir » on the card page gives the payment up: the basket is free again, and paid by card after all', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  await toHostedPage(page);
  await page.getByRole('link', { name: 'Annuler et revenir sur le site du commerçant' }).click();
  await expect(snackbar(page, 'Vous avez annulé le paiement par carte : votre panier est de nouveau modifiable.')).toBeVisible();
  expect(page.url()).not.toContain('payment_status');
  // Not held as a payment awaiting the bank: the cart changes, and a new payment starts.
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart.getByRole('button', { name: 'Annuler le paiement' })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
});

test('paper vouchers worth the whole order: nothing is left to pay, the order waits for « Valider ma commande »', async ({ page }, info) => {
  const { location } = await customerWithCart(page, info.project.name);
  await openPayment(page);
  const final = centsOf((await recap(page).getByTestId('payment-final-price').textContent())!);
  await recap(page).getByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' }).click();
  const screen = page.getByRole('dialog', { name: 'Ma cagnotte Tickets resto papiers' });
  // One 19 € ticket covers the starter; more would be refused (the order's need plus one ticket at most).
  await screen.getByLabel('Nombre de tickets').selectOption('1');
  await screen.getByLabel(/^Valeur d’un ticket/).fill('19');
  await screen.getByRole('button', { name: /^Ajouter 19,00\s€ à ma cagnotte$/ }).click();
  const modal = recap(page);
  await expect(modal.getByTestId('payment-paper-vouchers')).toHaveText(new RegExp(`^−\\s${formatAmount(final)}\\s€$`));
  // The panel closed and opened again (a new validation of the cart): the vouchers are still declared.
  await modal.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(modal).toBeHidden();
  await openPayment(page);
  await expect(modal.getByTestId('payment-paper-vouchers')).toHaveText(new RegExp(`^−\\s${formatAmount(final)}\\s€$`));
  // Declared, not spent: the order waits for the customer's "Valider ma commande".
  await expect(modal.getByTestId('payment-remaining-price')).toHaveText(/^0,00\s€$/);
  await expect(modal.getByText('Il ne reste rien à payer : validez votre commande pour la confirmer.')).toBeVisible();
  await expect(modal.getByRole('button', { name: /^Utiliser ma cagnotte/ })).toHaveCount(0);
  expect(((await readJson(page.request, '/api/me')) as { orders: unknown[] }).orders).toEqual([]);
  await modal.getByRole('button', { name: 'Valider ma commande' }).click();
  await expectValidated(page, location.name);
  // What the ticket brings beyond the starter reaches the pool once the courier has it.
  expect(((await readJson(page.request, '/api/me')) as { poolPending: number }).poolPending).toBe(1900 - final);
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
