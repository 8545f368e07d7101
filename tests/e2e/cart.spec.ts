import { expect, test, type APIRequestContext, type Page } from './fixtures';
import type { CatalogProduct, Menu } from '#shared/api/catalog';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatAmount } from '#shared/money';
import { xsrfToken } from './xsrf';
import { readJson } from './api-read';

/** The day's formulas and dishes as the server sees them (prices in cents). */
async function catalog(page: Page) {
  const menus = (await readJson(page.request, '/api/menus')) as Menu[];
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  // Starters have no daily stock in the seed: the tests never run out of them.
  const starter = dishes.find((d) => d.category === 'starter' && !d.sold_out)!;
  return { menu: menus[0]!, starter };
}

const cartButton = (page: Page, count: number) => page.getByRole('button', { name: `Panier, ${count} article${count > 1 ? 's' : ''}` });
const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Mon panier' });
const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
const finalPrice = (cents: number) => `${formatAmount(cents)} €`;

async function composeFirstChoices(page: Page, menu: Menu) {
  await page.getByRole('button', { name: `Composer la formule ${menu.name}` }).click();
  const composer = page.getByRole('form', { name: `Composer la formule ${menu.name}` });
  const chosen: string[] = [];
  for (const category of menu.categories.filter((c) => c.required)) {
    const dish = category.products.find((p) => !p.sold_out)!;
    chosen.push(dish.name);
    await composer.getByRole('group', { name: new RegExp(`^${category.name}`) }).getByRole('radio', { name: new RegExp(dish.name) }).check();
  }
  await composer.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('dialog', { name: 'Composer ma formule' })).toHaveCount(0);
  return chosen;
}

test.afterEach(async ({ request }) => {
  await request.post('/__sandbox/clock', { data: { now: null } });
});

test('a visitor fills the cart with a formula and a dish, changes quantities, then empties it', async ({ page }) => {
  await page.goto('/passer-commande');
  const { menu, starter } = await catalog(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(snackbar(page, 'Ajouté au panier')).toContainText(starter.name);
  await expect(cartButton(page, 1)).toBeVisible();

  const chosen = await composeFirstChoices(page, menu);
  await cartButton(page, 2).click();
  const cart = cartDialog(page);
  const lines = cart.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  // Formulas first, with their dishes.
  await expect(lines.first()).toContainText(menu.name);
  for (const name of chosen) await expect(lines.first()).toContainText(name);
  await expect(lines.nth(1)).toContainText(starter.name);
  await expect(cart.getByTestId('cart-total-deposit')).toHaveText(`${formatAmount(DEPOSIT_PER_MENU_CENTS)} €`);
  await expect(cart.getByTestId('cart-final-price')).toHaveText(finalPrice(menu.price + starter.price + DEPOSIT_PER_MENU_CENTS));
  // One cutlery set and one tote bag per formula, offered: a second of either says why.
  for (const [item, refusal] of [
    ['couverts', 'Nos couverts sont limités !'],
    ['tote bags', 'Nos tote bags sont limités !'],
  ] as const) {
    await cart.getByRole('button', { name: `Un de plus : ${item}` }).click();
    await expect(cart.getByRole('button', { name: `Un de moins : ${item}` })).toBeEnabled();
    await cart.getByRole('button', { name: `Un de plus : ${item}` }).click();
    await expect(snackbar(page, refusal)).toHaveCount(1);
  }

  await cart.getByRole('button', { name: `Un de plus : ${starter.name}` }).click();
  await expect(cart.getByTestId('cart-final-price')).toHaveText(finalPrice(menu.price + 2 * starter.price + DEPOSIT_PER_MENU_CENTS));
  await expect(cartButton(page, 3)).toBeAttached();
  await cart.getByRole('button', { name: `Un de moins : ${starter.name}` }).click();
  await expect(cartButton(page, 2)).toBeAttached();
  await cart.getByRole('button', { name: `Un de moins : ${starter.name}` }).click();
  await expect(lines).toHaveCount(1);
  await cart.getByRole('button', { name: `Un de moins : ${menu.name}` }).click();
  await expect(cart.getByText('Votre panier est vide')).toBeVisible();
  await expect(cart.getByRole('link', { name: 'Commander' })).toBeVisible();
  await expect(cartButton(page, 0)).toBeAttached();
});

test('every cart limit says why, once', async ({ page }) => {
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  const add = page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true });
  await add.click();
  await cartButton(page, 1).click();
  const cart = cartDialog(page);
  // No formula: no cutlery set or tote bag to offer, no container added; an anonymous visitor
  // holds no container to return.
  await expect(cart.getByRole('heading', { name: 'Un petit bonus ?' })).toHaveCount(0);
  await expect(cart.getByText('Consigne ajoutée')).toHaveCount(0);
  await cart.getByRole('button', { name: 'Un de plus : consignes rendues' }).click();
  await expect(snackbar(page, 'Pas si vite !')).toHaveCount(1);
  await expect(cart.getByRole('button', { name: 'Un de plus : consignes rendues' })).toBeEnabled();
  await cart.getByRole('button', { name: 'Fermer', exact: true }).click();

  // A guest's cart holds 10 articles: the card's button hears it from the server (errors.id).
  for (let i = 1; i < 10; i++) {
    await add.click();
    await expect(cartButton(page, i + 1)).toBeAttached();
  }
  await add.click();
  await expect(snackbar(page, 'Sans compte, un panier réserve 10 articles au plus : connectez-vous pour en ajouter davantage.')).toHaveCount(1);
  await expect(cartButton(page, 10)).toBeAttached();
});

test('a promo code is refused, then applied and removed', async ({ page }) => {
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await cartButton(page, 1).click();
  const cart = cartDialog(page);
  const field = cart.getByLabel('Votre code promo');
  await field.fill('PASUNCODE');
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  await expect(cart.getByRole('alert')).toHaveText("Votre code n'existe pas ou n'est plus valable");
  await expect(field).toHaveValue('PASUNCODE');

  await field.fill('bienvenue10');
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  const discount = Math.round(starter.price / 10);
  await expect(cart.getByText('BIENVENUE10')).toBeVisible();
  await expect(cart.getByText(`−${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(discount / 100)}`)).toBeVisible();
  await expect(cart.getByTestId('cart-final-price')).toHaveText(finalPrice(starter.price - discount));

  await cart.getByRole('button', { name: 'Retirer le code BIENVENUE10' }).click();
  await expect(cart.getByLabel('Votre code promo')).toBeVisible();
  await expect(cart.getByTestId('cart-final-price')).toHaveText(finalPrice(starter.price));
});

/** Server and browser at `time` on the current delivery date (Paris, winter time). */
async function freezeAt(page: Page, request: APIRequestContext, date: string, time: string) {
  const now = `${date}T${time}+01:00`;
  await request.post('/__sandbox/clock', { data: { now } });
  return new Date(now);
}

test('the cart warns two minutes before it expires, then reloads empty', async ({ page, request }) => {
  const { current_delivery_date: date } = await (await request.get('/api/state')).json();
  await page.clock.install({ time: await freezeAt(page, request, date, '09:00:00') });
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeAttached();

  // A guest's cart: 15 minutes after its last change.
  await page.clock.fastForward('12:50');
  await expect(page.getByRole('dialog', { name: 'Votre panier expire bientôt' })).toHaveCount(0);
  await page.clock.fastForward('00:15');
  const warning = page.getByRole('dialog', { name: 'Votre panier expire bientôt' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'J’ai compris' }).click();

  await page.clock.fastForward('02:00');
  const timeout = page.getByRole('dialog', { name: 'Votre panier a expiré' });
  await expect(timeout).toBeVisible();
  // On the server too, a quarter of an hour has passed: the cart is released.
  await freezeAt(page, request, date, '09:15:30');
  await timeout.getByRole('button', { name: 'Actualiser' }).click();
  await expect(timeout).toHaveCount(0);
  await expect(cartButton(page, 0)).toBeAttached();
});

test('a phone asleep past its cart’s expiry says so as soon as the page shows again', async ({ page, request }) => {
  const { current_delivery_date: date } = await (await request.get('/api/state')).json();
  const start = await freezeAt(page, request, date, '09:00:00');
  await page.clock.install({ time: start });
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(cartButton(page, 1)).toBeAttached();
  // Asleep for 31 minutes: the clock jumps, the page's timers did not run meanwhile.
  await page.clock.setSystemTime(new Date(start.getTime() + 31 * 60_000));
  await expect(page.getByRole('dialog', { name: 'Votre panier a expiré' })).toHaveCount(0);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('dialog', { name: 'Votre panier a expiré' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Votre panier expire bientôt' })).toHaveCount(0);
});

test('paying without an account opens the cart’s login panel, with a way back', async ({ page }) => {
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await cartButton(page, 1).click();
  const cart = cartDialog(page);
  await expect(cart.getByText("Vous n'êtes pas connecté.")).toBeVisible();
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(account).toBeVisible();
  await account.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau compte' })).toBeVisible();
  await page.getByRole('button', { name: '← Retour' }).click();
  await expect(cartDialog(page).getByTestId('cart-line')).toHaveCount(1);
});

/** Empties the cart of whoever the page is logged in as (the demo's cart outlives a test). */
async function emptyCart(page: Page) {
  const token = await xsrfToken(page);
  const cart = (await readJson(page.request, '/api/cart')) as { products: { unique_id: string; quantity: number }[] };
  for (const line of cart.products) {
    for (let i = 0; i < line.quantity; i++) await page.request.post('/api/cart/decrement', { data: { id: line.unique_id }, headers: { 'x-xsrf-token': token } });
  }
}

test('a customer returns containers, never worth more than the order', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel('E-mail').fill('demo@popote.fr');
  await login.getByLabel('Mot de passe').fill('popote-demo');
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
  await emptyCart(page);

  await page.goto('/passer-commande');
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  // A drink alone costs less than one container's 4 €: not even one can be returned on it.
  const cheap = dishes.filter((d) => !d.sold_out && d.price < DEPOSIT_PER_MENU_CENTS).sort((a, b) => a.price - b.price)[0]!;
  await page.getByRole('button', { name: `Ajouter au panier : ${cheap.name}`, exact: true }).click();
  await cartButton(page, 1).click();
  const cart = cartDialog(page);
  await expect(cart.getByText('demo@popote.fr')).toBeVisible();
  await cart.getByRole('button', { name: 'Un de plus : consignes rendues' }).click();
  await expect(snackbar(page, 'Impossible de rendre plus de consignes !')).toHaveCount(1);
  await emptyCart(page);
});

test('two tabs of the app agree on the cart at once', async ({ page, context }) => {
  await page.goto('/passer-commande');
  const { starter } = await catalog(page);
  const other = await context.newPage();
  await other.goto('/passer-commande');
  await other.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeAttached();
  // The other tab shows it without a reload, and the other way round.
  await expect(other.getByRole('button', { name: /^Panier, 1 article/ })).toBeAttached();
  await other.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: /^Panier, 2 articles/ })).toBeAttached();
  await other.close();
});
