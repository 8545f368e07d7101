import { expect, test, type BrowserContext, type Page } from './fixtures';
import type { CatalogProduct } from '#shared/api/catalog';
import { CARD_RETURN_PATH } from '#shared/api/checkout';
import { customerWithCart, openPayment, recap, toHostedPage } from './checkout-steps';
import { xsrfToken } from './xsrf';
import { catalogKept } from './catalog-kept';
import { readJson } from './api-read';

// The service worker is what these scenarios are about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The offline suite (issue 10): each scenario visits online, loses the connection, checks what the
 * customer sees and that nothing is lost or half-done, then gets the connection back.
 */

const banner = (page: Page) => page.getByTestId('connection-banner');
const cartButton = (page: Page, count: number) => page.getByRole('button', { name: new RegExp(`^Panier, ${count} article`) });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Mon panier' });
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
const OFFLINE_REASON = 'Indisponible hors connexion : réessayez dès le retour du réseau.';

/** One visit online: the service worker installed and controlling, the order page's data seen. */
async function visitOnce(page: Page, path = '/passer-commande') {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page whose load started while the worker was activating stays uncontrolled (the claim came
  // before it existed): one reload puts it under the worker.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  if (path === '/passer-commande') await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  await catalogKept(page);
}

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect(banner(page)).toContainText('Vous êtes hors connexion.');
}

async function goOnline(page: Page, context: BrowserContext) {
  await context.setOffline(false);
  await expect(banner(page)).toContainText('La connexion est revenue.');
}

async function serverCart(page: Page) {
  return (await readJson(page.request, '/api/cart')) as { products: { quantity: number; product_name: string }[] };
}

const starterOf = async (page: Page) => ((await readJson(page.request, '/api/products')) as CatalogProduct[]).find((d) => d.category === 'starter' && !d.sold_out)!;

test('cold start offline after one visit: the shell, the menus with their age, the dish photos, and the banner', async ({ page, context }) => {
  await visitOnce(page);
  const photographed = ((await readJson(page.request, '/api/products')) as CatalogProduct[]).find((d) => d.cover !== null)!;
  await goOffline(page, context);
  await page.reload();
  await expect(banner(page)).toContainText('les points de livraison et votre panier restent consultables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passer commande');
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  // A dish photo shows offline, whichever variant the screen asks for: one was kept ahead, and a
  // variant never fetched (the widest WebP) is answered with a kept one of the same photo.
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: photographed.name, exact: true }) }).first().locator('picture img');
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const widest = photographed.cover!.variants.filter((v) => v.format === 'webp').at(-1)!.url;
  expect(await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), widest)).toMatch(/^image\/(avif|webp)$/);
  await expect(page.getByTestId('data-age').first()).toHaveText(/^Menus enregistrés le [a-z]+ \d{1,2} [a-zéû]+ à \d{1,2}\sh(\s\d\d)?, (à l’instant|il y a \d+ (min|h|j))$/);
  await page.screenshot({ path: `/tmp/shots/${test.info().project.name}-offline-menus.png` });
  // The notice can be reduced to a small mark, which opens it again.
  await banner(page).getByRole('button', { name: 'Réduire l’avis hors connexion' }).click();
  await expect(banner(page)).toHaveText('Hors connexion');
  await page.screenshot({ path: `/tmp/shots/${test.info().project.name}-offline-reduced.png` });
  await banner(page).getByRole('button', { name: 'Hors connexion' }).click();
  await expect(banner(page)).toContainText('restent consultables');
  await goOnline(page, context);
  await expect(page.getByTestId('data-age')).toHaveCount(0);
});

test('deep links open offline from the shell', async ({ page, context }) => {
  await visitOnce(page, '/');
  await goOffline(page, context);
  for (const [path, title] of [
    ['/notre-concept', 'Notre concept'],
    ['/la-consigne', 'La consigne'],
    ['/passer-commande', 'Passer commande'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await goOnline(page, context);
});

test('a dish opens offline from the cached catalog, its add button disabled with the reason', async ({ page, context }) => {
  await visitOnce(page);
  const starter = await starterOf(page);
  await goOffline(page, context);
  const add = page.getByRole('button', { name: `Ajouter au panier : ${starter.name} (indisponible hors connexion)` });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', OFFLINE_REASON);
  await goOnline(page, context);
  await expect(page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true })).toBeEnabled();
});

test('the cart stays intact, read-only, across an offline period and a reload', async ({ page, context }) => {
  await visitOnce(page);
  const starter = await starterOf(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
  await goOffline(page, context);
  await page.reload();
  await expect(cartButton(page, 1)).toBeVisible();
  await cartButton(page, 1).click();
  await expect(cartDialog(page)).toContainText(starter.name);
  await expect(cartDialog(page).getByText('Hors connexion, votre panier est en lecture seule')).toBeVisible();
  await expect(cartDialog(page).getByRole('button', { name: 'Passer au paiement' })).toBeDisabled();
  await expect(cartDialog(page).getByRole('button', { name: /^Un de plus : / }).first()).toBeDisabled();
  await page.screenshot({ path: `/tmp/shots/${test.info().project.name}-offline-cart.png` });
  await goOnline(page, context);
  await expect(cartDialog(page).getByRole('button', { name: 'Passer au paiement' })).toBeEnabled();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ product_name: starter.name, quantity: 1 })]);
});

test('a cart change whose answer is lost is not replayed: the cart comes back as the server has it', async ({ page, context }) => {
  await visitOnce(page);
  const starter = await starterOf(page);
  // The add reaches the server, then the connection drops before the answer.
  let calls = 0;
  await page.route('**/api/cart/products', async (route) => {
    calls++;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  // Not called failed: the cart is read again and shown as the server has it, one portion.
  await expect(snackbar(page, 'nous avons vérifié votre panier')).toContainText('Connexion instable');
  await expect(cartButton(page, 1)).toBeVisible();
  await page.unroute('**/api/cart/products');
  // And after the connection comes and goes, still one: the request was sent once.
  await goOffline(page, context);
  await goOnline(page, context);
  await expect(cartButton(page, 1)).toBeVisible();
  expect(calls).toBe(1);
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 1 })]);
});

test('choosing a delivery offline is disabled with the reason; the list still shows', async ({ page, context }) => {
  await visitOnce(page);
  await page.goto('/points-de-livraison');
  await expect(page.getByRole('button', { name: 'Valider ce point de livraison' })).toBeVisible();
  await goOffline(page, context);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Valider ce point de livraison' })).toBeDisabled();
  await expect(page.getByText(OFFLINE_REASON).first()).toBeVisible();
  await expect(page.getByTestId('data-age').first()).toHaveText(/^Points de livraison enregistrés le [a-z]+ \d{1,2} [a-zéû]+ à \d{1,2}\sh(\s\d\d)?, (à l’instant|il y a \d+ (min|h|j))$/);
  await goOnline(page, context);
  await expect(page.getByRole('button', { name: 'Valider ce point de livraison' })).toBeEnabled();
});

test('login, sign-up and the newsletter wait for the network, with the reason', async ({ page, context }) => {
  await visitOnce(page, '/login');
  await goOffline(page, context);
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel('E-mail').fill('personne@example.fr');
  await expect(login.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  await expect(login.getByText(OFFLINE_REASON)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Inscription' }).getByRole('button', { name: 'Créer mon compte' })).toBeDisabled();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: /Je m.inscris/ })).toBeDisabled();
  await goOnline(page, context);
  // What was typed is still there.
  await expect(login.getByLabel('E-mail')).toHaveValue('personne@example.fr');
  await expect(login.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
});

test('paying offline: the recap stays readable, every payment action waits, nothing is started', async ({ page, context }, info) => {
  await customerWithCart(page, `${info.project.name}-hors-ligne`);
  await openPayment(page);
  await goOffline(page, context);
  await expect(recap(page).getByText('Hors connexion : le paiement reprendra dès le retour du réseau.')).toBeVisible();
  await expect(recap(page).getByRole('button', { name: 'CB / Tickets restaurant' })).toBeDisabled();
  await expect(recap(page).getByTestId('payment-remaining-price')).toBeVisible();
  await goOnline(page, context);
  await expect(recap(page).getByRole('button', { name: 'CB / Tickets restaurant' })).toBeEnabled();
});

test('back from the card page on a dead connection: the check waits, then completes online', async ({ page, context }, info) => {
  await customerWithCart(page, `${info.project.name}-retour`);
  await openPayment(page);
  const po = await toHostedPage(page);
  // Paid on the provider's side; the customer's phone loses the network on the way back.
  await page.request.post(`/__sandbox/paygreen/payment-orders/${po}/outcome`, { data: { status: 'successed' } });
  // The worker that answers the way back offline is active (it installs on the first visit).
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await context.setOffline(true);
  // The provider sends the buyer back to the shop's page, which the worker serves without network.
  await page.goto(`${CARD_RETURN_PATH}&po_id=${po}`);
  await expect(page.getByText('Validation de votre paiement...')).toBeVisible();
  await expect(page.getByText('nous vérifierons votre paiement dès le retour du réseau')).toBeVisible();
  expect(page.url()).toContain('payment_status=returned');
  await context.setOffline(false);
  await expect(page.getByRole('dialog', { name: 'Vous allez vous régaler' })).toBeVisible({ timeout: 15_000 });
  expect(page.url()).not.toContain('payment_status');
});

test('the former return address (payments started before the return went to the app’s page) fails: the worker sends the customer to the check, not to an error page', async ({ page, context }, info) => {
  await customerWithCart(page, `${info.project.name}-retour-perdu`);
  await openPayment(page);
  const po = await toHostedPage(page);
  await page.request.post(`/__sandbox/paygreen/payment-orders/${po}/outcome`, { data: { status: 'successed' } });
  // The worker that answers the way back offline is active (it installs on the first visit).
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await context.setOffline(true);
  // The provider sends the buyer back to the return address the payment was made with: no network to reach it.
  await page.goto(`/api/payment/paygreen/return?po_id=${po}`);
  await expect(page).toHaveURL(new RegExp(`/passer-commande\\?payment_status=pending&po_id=${po}$`));
  await expect(page.getByText('nous vérifierons votre paiement dès le retour du réseau')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('dialog', { name: 'Vous allez vous régaler' })).toBeVisible({ timeout: 15_000 });
});

test('adding offline changes nothing on the server', async ({ page, context }) => {
  await visitOnce(page);
  const token = await xsrfToken(page);
  const before = (await serverCart(page)).products.length;
  await goOffline(page, context);
  await page.getByRole('button', { name: /^Composer la formule / }).first().click();
  await expect(page.getByRole('dialog', { name: 'Composer ma formule' }).getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await goOnline(page, context);
  expect(token).toBeTruthy();
  expect((await serverCart(page)).products.length).toBe(before);
});

test('the contact form keeps what is typed offline and sends once the network is back', async ({ page, context }) => {
  await visitOnce(page, '/contact');
  await goOffline(page, context);
  const send = page.getByRole('button', { name: /^Envoyer/ });
  await expect(send).toBeDisabled();
  await expect(page.getByText(OFFLINE_REASON).first()).toBeVisible();
  await page.getByLabel(/^Message/).fill('Bonjour, une question sur la consigne.');
  await goOnline(page, context);
  await expect(send).toBeEnabled();
  await expect(page.getByLabel(/^Message/)).toHaveValue('Bonjour, une question sur la consigne.');
});
