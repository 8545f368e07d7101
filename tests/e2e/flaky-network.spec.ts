import { expect, test, type Fault, type FlakyNetwork, type Page } from './flaky-network';
import type { CatalogProduct } from '#shared/api/catalog';
import { customerWithCart, expectValidated, openPayment, snackbar, toHostedPage } from './checkout-steps';
import { catalogKept } from './catalog-kept';
import { checkScreen } from './screen-check';
import { readJson } from './api-read';
import { DEADLINES_MS } from '../../src/lib/api-client';
import { SLOW_CALL_MS } from '../../src/lib/connection-store';

// The service worker is what these scenarios are about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * A phone on "lie-fi": online as far as the browser knows, but calls stall, answers are lost after
 * the server acted, or everything crawls. Each scenario breaks the network through the QA proxy
 * (tests/e2e/flaky-network.ts), service worker included, and checks the customer is never left
 * blank, never charged or served twice, and always told the truth. Phone size only (the project
 * config): the network, not the layout, is under test.
 */

const ORDER_CHECK = /^\/api\/payment\/paygreen\/[^/]+\/order(\?back=1)?$/;
const ADD_DISH = /^\/api\/cart\/products$/;
const cartButton = (page: Page, count: number) => page.getByRole('button', { name: new RegExp(`^Panier, ${count} article`) });

/**
 * The scenarios where a call meets its deadline run the page's timers on Playwright's clock,
 * installed before the page loads and running as time does. Once the stalled call has left, the
 * test moves the clock past its deadline instead of waiting the real 10 or 20 seconds: the app's
 * own timer still ends the call (DEADLINES_MS, on setTimeout: src/lib/deadline-signal.ts), only the
 * wait is skipped. The clock keeps running after a jump, so the retries and the health checks that
 * follow happen as they would.
 */
const pastDeadline = (page: Page, kind: 'read' | 'change') => page.clock.fastForward(DEADLINES_MS[kind]);
/** The same for the 4 s after which a call still waiting is said slow. */
const pastSlow = (page: Page) => page.clock.fastForward(SLOW_CALL_MS);

async function serverCart(page: Page) {
  return (await readJson(page.request, '/api/cart')) as { products: { quantity: number }[] };
}

async function aStarter(page: Page): Promise<CatalogProduct> {
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  return dishes.find((d) => d.category === 'starter' && !d.sold_out)!;
}

/** The order page, the service worker in control and the day's catalog kept. */
async function underTheWorker(page: Page) {
  await page.goto('/passer-commande');
  await workerInControl(page);
}

async function workerInControl(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  await catalogKept(page);
}

test('paid by card, the answers of the order check lost: the app checks again and shows the order', async ({ page, network }, info) => {
  const { location } = await customerWithCart(page, `${info.project.name}-controle-perdu`);
  await openPayment(page);
  await toHostedPage(page);
  network.fail(ORDER_CHECK, { kind: 'drop' }, { times: 6 });
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  expect(network.sent(ORDER_CHECK).length).toBeGreaterThan(3);
});

/**
 * A customer pays on the card page, and the way back to the shop (the order page with the
 * payment's id, an address never kept) meets `fault`: the worker draws the page from its shell and
 * the app checks the payment, which completes.
 */
async function payAndLoseTheWayBack(page: Page, network: FlakyNetwork, name: string, fault: Fault) {
  const { location } = await customerWithCart(page, name);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await openPayment(page);
  await toHostedPage(page);
  network.fail(/^\/passer-commande\?payment_status=returned&/, fault);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
}

test('paid by card, the way back stalls (online, no answer): the worker sends the customer to the check within seconds, which completes', async ({ page, network }, info) => {
  // S26b: without the worker's answer the browser would wait two minutes on a blank tab.
  await payAndLoseTheWayBack(page, network, `${info.project.name}-retour-bloque`, { kind: 'stall' });
});

test('paid by card, the way back to the shop cut: the worker sends the customer to the check, which completes', async ({ page, network }, info) => {
  await payAndLoseTheWayBack(page, network, `${info.project.name}-retour-coupe`, { kind: 'cut' });
});

test('an "Ajouter" whose answers are all lost: one portion on the server and on screen, and the retry makes two', async ({ page, network }) => {
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  network.fail(ADD_DISH, { kind: 'drop' }, { method: 'POST' });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  // Never called failed nor doubled: the cart is read again and shown as the server has it.
  await expect(snackbar(page, 'nous avons vérifié votre panier')).toBeVisible();
  await expect(cartButton(page, 1)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 1 })]);
  network.heal();
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 2)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 2 })]);
});

test('a stalled "Ajouter" says the connection is slow, gives up at its deadline with the cart as it is, then works', async ({ page, network }) => {
  await page.clock.install();
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  network.fail(ADD_DISH, { kind: 'stall' }, { method: 'POST' });
  const add = page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true });
  await add.click();
  // Said within seconds, not after the deadline; then the deadline ends the wait, and the cart is
  // read again (the change may have reached the server) and shown as it is: here, untouched.
  await expect.poll(() => network.sent(ADD_DISH, 'POST').length).toBeGreaterThan(0);
  await pastSlow(page);
  await expect(page.getByTestId('connection-banner')).toContainText('La connexion est lente.');
  await checkScreen(page, 'connexion lente');
  // That check stalls too the first time (S15, every call hanging): the button is given back at
  // the change's deadline all the same, not kept disabled while the check waits its own.
  network.fail(/^\/api\/cart$/, { kind: 'stall' }, { method: 'GET', times: 1 });
  // Still waiting its answer before the deadline: the change is not given up early.
  await expect(add).toHaveAttribute('aria-busy', 'true');
  expect(network.sent(/^\/api\/cart$/, 'GET')).toHaveLength(0);
  await pastDeadline(page, 'change');
  await expect.poll(() => network.sent(/^\/api\/cart$/, 'GET').length).toBeGreaterThan(0);
  await expect(add).toBeEnabled({ timeout: 5_000 });
  // The check, sent, waits its own deadline; past it the failure is said.
  await expect(snackbar(page, 'Impossible d’ajouter ce plat')).toHaveCount(0);
  await pastDeadline(page, 'read');
  await expect(snackbar(page, 'Impossible d’ajouter ce plat')).toContainText('La connexion ne répond pas');
  await expect(cartButton(page, 0)).toBeVisible();
  network.heal();
  await add.click();
  await expect(cartButton(page, 1)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 1 })]);
});

test('every call stalls: the page is drawn at once all the same, says the connection does not answer, and recovers', async ({ page, network }) => {
  await page.clock.install();
  await underTheWorker(page);
  network.fail(/^\/api\//, { kind: 'stall' });
  await page.reload();
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  await expect(cartButton(page, 0)).toBeVisible();
  await expect.poll(() => network.requests.filter((r) => r.fault === 'stall').length).toBeGreaterThan(0);
  await expect(page.getByTestId('connection-banner').filter({ hasText: 'La connexion ne répond pas' })).toHaveCount(0);
  await pastDeadline(page, 'read');
  await expect(page.getByTestId('connection-banner')).toContainText('La connexion ne répond pas');
  await checkScreen(page, 'connexion qui ne répond pas');
  network.heal();
  await expect(page.getByTestId('connection-banner')).toContainText('La connexion est revenue.', { timeout: 20_000 });
});

test('the anti-forgery refresh fails: the change says the connection failed, nothing is left uncaught', async ({ page, context, network }) => {
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  await context.clearCookies({ name: 'XSRF-TOKEN' });
  network.fail(/^\/api\/csrf-cookie$/, { kind: 'cut' });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  // Never sent, so plainly failed (not "checked": there is nothing to check).
  await expect(snackbar(page, 'Impossible d’ajouter ce plat')).toContainText('Connexion impossible : vérifiez votre réseau puis réessayez.');
  expect((await serverCart(page)).products).toEqual([]);
  network.heal();
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
});

test('offline, a logged-in customer is still shown as such, with their chosen point and cart', async ({ page, context }, info) => {
  const { location } = await customerWithCart(page, `${info.project.name}-hors-ligne`);
  await expect(cartButton(page, 1)).toBeVisible();
  await workerInControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('connection-banner')).toContainText('Vous êtes hors connexion.');
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Votre livraison' })).toContainText(location.name);
  await expect(cartButton(page, 1)).toBeVisible();
  // Nothing the device need not know is kept: no e-mail, no phone.
  const kept = await page.evaluate(() => localStorage.getItem('popote:state') ?? '');
  expect(kept).toContain('Léa');
  expect(kept).not.toMatch(/@example\.fr|06 12/);
  // The account itself is not kept on the device: offline it says so, never an endless loading.
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(account.getByRole('status').filter({ hasText: 'Hors connexion' })).toHaveText('Hors connexion : votre compte s’affichera dès le retour du réseau.');
  await context.setOffline(false);
  // Back online, the paused read goes on by itself: the account is shown.
  await expect(account).toContainText('@example.fr');
});

test('a cart that expires offline says so, and shows no dishes it no longer holds', async ({ page, context, request }) => {
  const { current_delivery_date: date } = (await readJson(request, '/api/state')) as { current_delivery_date: string };
  const nine = new Date(`${date}T09:00:00+01:00`);
  await page.clock.install({ time: nine });
  await underTheWorker(page);
  const starter = await aStarter(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
  await context.setOffline(true);
  await page.clock.fastForward('13:05');
  const warning = page.getByRole('dialog', { name: 'Votre panier expire bientôt' });
  await warning.getByRole('button', { name: 'J’ai compris' }).click();
  await page.clock.fastForward('02:00');
  const expired = page.getByRole('dialog', { name: 'Votre panier a expiré' });
  await expect(expired).toContainText('Vous êtes hors connexion : la carte et votre panier seront actualisés dès le retour du réseau.');
  await expired.getByRole('button', { name: 'J’ai compris' }).click();
  await expect(expired).toHaveCount(0);
  await expect(cartButton(page, 0)).toBeVisible();
  await context.setOffline(false);
});

test('a stalled login says the connection is slow, then gives up at its deadline, the form kept', async ({ page, network }) => {
  await page.clock.install();
  await page.goto('/login');
  network.fail(/^\/api\/login$/, { kind: 'stall' }, { method: 'POST' });
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('E-mail').fill('demo@popote.fr');
  await form.getByLabel('Mot de passe').fill('popote-demo');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect.poll(() => network.sent(/^\/api\/login$/, 'POST').length).toBeGreaterThan(0);
  await pastSlow(page);
  await expect(page.getByTestId('connection-banner')).toContainText('La connexion est lente.');
  const noAnswer = page.getByText('La connexion ne répond pas : vérifiez votre réseau puis réessayez.').first();
  await expect(noAnswer).toBeHidden();
  await pastDeadline(page, 'change');
  await expect(noAnswer).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveValue('demo@popote.fr');
  await expect(form.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
});

test('offline the next morning: yesterday’s menus are not shown as today’s, the opening follows the device’s clock', async ({ page, context, request }) => {
  const { current_delivery_date: date } = (await readJson(request, '/api/state')) as { current_delivery_date: string };
  await page.clock.install({ time: new Date(`${date}T09:00:00+01:00`) });
  await underTheWorker(page);
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  await context.setOffline(true);
  await page.clock.fastForward('24:00:00');
  await page.reload();
  await expect(page.getByTestId('connection-banner')).toContainText('Vous êtes hors connexion.');
  await expect(page.getByText(/^La carte du \S+ \d+(er)? \S+ n’est pas encore enregistrée sur cet appareil\./)).toBeVisible();
  await expect(page.getByText(/^Les plats du \S+ \d+(er)? \S+ ne sont pas encore enregistrés sur cet appareil\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Composer la formule / })).toHaveCount(0);
  // Before the day's cut-off, orders are open: no closed-shop pop-in from a copy kept after one.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await checkScreen(page, 'hors connexion le lendemain');
  await context.setOffline(false);
});

test('an "Ajouter" whose answer is lost once (the browser sends it again by itself): one tap, one portion', async ({ page, network }) => {
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  network.fail(ADD_DISH, { kind: 'drop' }, { method: 'POST', times: 1 });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 1 })]);
  // Whether Chromium repeated it or the app read the cart again, the server applied it once.
  expect(network.sent(ADD_DISH, 'POST').length).toBeGreaterThanOrEqual(1);
});

test('a first visit on a crawling connection: the page reads before its scripts have arrived', async ({ context, network }) => {
  network.fail(/^\/assets\/.+\.js$/, { kind: 'delay', ms: 1500 });
  network.fail(/^\/api\//, { kind: 'throttle', bytesPerSecond: 20_000 });
  // A page of its own: the usual one waits for the app to be interactive, which is the point here.
  const page = await context.newPage();
  await page.goto('/passer-commande', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Panier, 0 article/ })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  // And it becomes the app once they have.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
  await page.close();
});

test('a tap on "Ajouter" before the app has taken the page over is held, then made once it is there', async ({ context, network }) => {
  // S09: the page's first script comes, the app's code crawls far behind it.
  network.fail(/^\/assets\/.+\.js$/, { kind: 'delay', ms: 1000 });
  network.fail(/^\/assets\/app-[\w-]+\.js$/, { kind: 'delay', ms: 5000 });
  const page = await context.newPage();
  const starter = await aStarter(page);
  await page.goto('/passer-commande', { waitUntil: 'commit' });
  // The first script is there (it says the app is starting); the app is not.
  await expect(page.locator('html[data-starting]')).toHaveCount(1, { timeout: 15_000 });
  const add = page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  // Once hydrated, the tap is made: one portion, on screen and on the server.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
  await expect(cartButton(page, 1)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([expect.objectContaining({ quantity: 1 })]);
  await page.close();
});

test('the app’s code lost on the way: the page loads itself again, and works', async ({ page, network }) => {
  const APP_CODE = /^\/assets\/app-[\w-]+\.js$/;
  // Lost however often the browser asks for it on that page; back for the page loaded again.
  network.fail(APP_CODE, { kind: 'cut' });
  let pages = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && ++pages === 2) network.heal();
  });
  await page.goto('/passer-commande');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
  expect(pages).toBe(2);
  expect(network.sent(APP_CODE).map((r) => r.fault)).toContain('cut');
  const starter = await aStarter(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
});

test('the connection cut on "Ajouter": nothing applied, and the cart is shown as the server has it', async ({ page, network }) => {
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  network.fail(ADD_DISH, { kind: 'cut' }, { method: 'POST' });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(snackbar(page, 'nous avons vérifié votre panier')).toBeVisible();
  await expect(cartButton(page, 0)).toBeVisible();
  expect((await serverCart(page)).products).toEqual([]);
});

test('paid by card, the order check stalls: the page is usable with a notice, and the order shows once it answers', async ({ page, network }, info) => {
  await page.clock.install();
  const { location } = await customerWithCart(page, `${info.project.name}-controle-bloque`);
  await openPayment(page);
  await toHostedPage(page);
  network.fail(ORDER_CHECK, { kind: 'stall' }, { times: 1 });
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  // Past the check's deadline: no full-screen loader, a notice saying why it waits.
  await expect.poll(() => network.sent(ORDER_CHECK).length).toBeGreaterThan(0);
  await pastDeadline(page, 'read');
  const notice = page.getByTestId('payment-confirming');
  await expect(notice).toContainText('La connexion est instable : nous vérifions votre paiement');
  await expectValidated(page, location.name);
});

test('a valid promo code sent while the connection is cut: said unchecked, not wrong, and applied once the network is back', async ({ page, network }) => {
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await cartButton(page, 1).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  network.fail(/^\/api\/cart\/discounts$/, { kind: 'cut' }, { method: 'POST' });
  await cart.getByLabel('Votre code promo').fill('BIENVENUE10');
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  await expect(cart.getByText('Connexion impossible : votre code n’a pas pu être vérifié. Réessayez dès le retour du réseau.')).toBeVisible();
  await expect(cart.getByText('Votre code n\'existe pas ou n\'est plus valable')).toHaveCount(0);
  network.heal();
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  await expect(cart.getByText('BIENVENUE10')).toBeVisible();
});

test('the visitor’s state hangs on a first visit: “lente” first, then “ne répond pas”, which the health check alone does not undo', async ({ page, network }) => {
  await page.clock.install();
  // Only /api/state hangs (S11): the page, its menus and the health check answer.
  network.fail(/^\/api\/state$/, { kind: 'stall' });
  await page.goto('/passer-commande');
  const banner = page.getByTestId('connection-banner');
  // The call is watched from the start, hydration included: slow is said before its deadline.
  await expect.poll(() => network.sent(/^\/api\/state$/).length).toBeGreaterThan(0);
  await pastSlow(page);
  await expect(banner).toContainText('La connexion est lente.');
  await pastDeadline(page, 'read');
  await expect(banner).toContainText('La connexion ne répond pas');
  // The probe's answer (the connection works) does not turn it back into "lente" while the state
  // call, retried, still waits: the retry is sent, then the clock moves to the next probe (every
  // 5 s), whose answer reaches the page.
  const sentState = network.sent(/^\/api\/state$/).length;
  await expect.poll(() => network.sent(/^\/api\/state$/).length).toBeGreaterThan(sentState);
  const probed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health' && response.ok());
  await page.clock.fastForward(5_000);
  await probed;
  await expect(banner).toContainText('La connexion ne répond pas');
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  network.heal();
  await expect(banner).toContainText('La connexion est revenue.', { timeout: 20_000 });
});

test('site data blocked (every storage getter throws): the shop hydrates once, works, and does not reload itself', async ({ page }) => {
  // As with strict privacy settings (S40, S40b): localStorage, sessionStorage and IndexedDB refuse.
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  let loads = 0;
  page.on('load', () => loads++);
  // The page fixture waits for hydration: a page that never hydrates fails here.
  await page.goto('/passer-commande');
  const starter = await aStarter(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
  // Kept nowhere, the cart is the server's: a reload shows it still.
  await page.reload();
  await expect(cartButton(page, 1)).toBeVisible();
  expect(loads).toBe(2);
});

test('a first visit whose dishes hang: the order page opens at once, says they load, then offers to try again', async ({ page, network }) => {
  await page.clock.install();
  // S13b: the home page came whole; the order page's dishes (not on the home page) then hang.
  await page.goto('/');
  network.fail(/^\/api\/products\?/, { kind: 'stall' });
  await page.getByRole('link', { name: 'Voir les formules du jour' }).click();
  // The navigation does not wait for the hanging read: the page is there, its dishes loading.
  await expect(page).toHaveURL(/\/passer-commande$/);
  await expect(page.getByRole('status').filter({ hasText: 'Chargement des plats…' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Composer la formule / }).first()).toBeVisible();
  // At the read's deadline (not after its retries: the first waits a second, then its own 10 s),
  // the failure is said, with a way to try again.
  await expect.poll(() => network.sent(/^\/api\/products\?/).length).toBeGreaterThan(0);
  await expect(page.getByText('Impossible de charger les plats.')).toHaveCount(0);
  await pastDeadline(page, 'read');
  await expect(page.getByText('Impossible de charger les plats.')).toBeVisible({ timeout: 5_000 });
  // Offered while the automatic retries go on: pressing it starts afresh, answered once healed.
  await page.getByRole('button', { name: 'Réessayer' }).click();
  network.heal();
  await expect(page.getByRole('button', { name: /^Ajouter au panier : / }).first()).toBeVisible();
});

test('the worker in control, a page never visited whose navigation hangs: the offline shell draws it within seconds', async ({ page, network }) => {
  await underTheWorker(page);
  // S14b: no copy of this page is kept; its navigation reaches nothing.
  network.fail(/^\/notre-concept/, { kind: 'stall' });
  await page.goto('/notre-concept');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/concept/i);
});

test('a delivery point chosen while every answer is lost: applied by the server, and said chosen, not failed', async ({ page, network }) => {
  // S22: each POST reaches the server, which applies it; its answer never comes back.
  await page.goto('/passer-commande');
  const locations = (await readJson(page.request, '/api/delivery-locations')) as { name: string; is_private: boolean; deliveries: { id: number }[] }[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length === 1)!;
  network.fail(/^\/api\/deliveries$/, { kind: 'drop' }, { method: 'POST' });
  await page.getByRole('button', { name: 'Choisir un point de livraison' }).click();
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  await selector.getByRole('button', { name: new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await selector.getByRole('button', { name: 'Valider ce point de livraison' }).click();
  await expect(snackbar(page, 'Point de livraison enregistré')).toContainText(location.name);
  await expect(selector).toHaveCount(0);
  expect(network.sent(/^\/api\/deliveries$/, 'POST').length).toBeGreaterThan(0);
  const state = (await readJson(page.request, '/api/state')) as { current_delivery: { id: number } | null };
  expect(state.current_delivery?.id).toBe(location.deliveries[0]!.id);
});
