import { expect, test, type Page } from './fixtures';
import type { CatalogProduct } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { customerWithCart, openPayment, popin, recap, toHostedPage } from './checkout-steps';
import { serveMapFixtures } from './map-fixtures';
import { checkScreen } from './screen-check';
import { xsrfToken } from './xsrf';
import { readJson } from './api-read';

/**
 * Every route and every modal and pop-in, at both sizes (the config's projects): axe-core finds
 * zero serious or critical violation, and the layout check no sideways scroll, cut-off text or
 * covered control (screen-check.ts). The map's canvas is the one element left out (see MAP).
 * A route of the spec is also checked for what every page shows (its title, the footer, the
 * sandbox's note): those checks had a test of their own per route and size in shell.spec.ts,
 * which loaded the same page in a new browser context again (about 160 s of the suite).
 */

/** maplibre's canvas and its controls are drawn by the library; the pins over it are ours and checked. */
const MAP = ['.maplibregl-canvas-container', '.maplibregl-ctrl-attrib'];

async function chooseDelivery(page: Page) {
  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length > 0)!;
  const delivery = location.deliveries[location.deliveries.length - 1]!;
  // The page sets the anti-forgery cookie when its first call answers: ask for it, not wait for it.
  await page.request.get('/api/csrf-cookie');
  const chosen = await page.request.post('/api/deliveries', { data: { id: delivery.id }, headers: { 'x-xsrf-token': await xsrfToken(page) } });
  expect(chosen.ok()).toBe(true);
  return location;
}

async function aDish(page: Page): Promise<CatalogProduct> {
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  return dishes.find((d) => !d.sold_out)!;
}

interface RouteCase {
  /** The test's name when the path is computed. */
  name?: string;
  path: string | ((page: Page) => Promise<string>);
  /** What shows once the page is ready. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
  /** A delivery point chosen before the visit. */
  delivery?: boolean;
  map?: boolean;
  /** The route opens a dialog over a page: the page behind is not the customer's to tap. */
  dialog?: boolean;
  /** A page of the spec: its level-1 heading, checked with the frame every page has. */
  h1?: string;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

const ROUTES: RouteCase[] = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }).first(), h1: 'Le déjeuner fait maison, livré en triporteur près de votre bureau' },
  { path: '/notre-concept', ready: heading(/./), h1: 'Notre concept' },
  { path: '/la-consigne', ready: heading(/./), h1: 'La consigne' },
  { path: '/charte-engagement', ready: heading(/./), h1: 'Notre charte d’engagement' },
  { path: '/plateaux-repas', ready: heading(/./), h1: 'Plateaux repas' },
  { path: '/entreprises', ready: heading(/./), h1: 'Entreprises' },
  { path: '/rejoignez-nous', ready: heading(/./), h1: 'Rejoignez-nous' },
  { path: '/contact', ready: heading(/./), h1: 'Contactez-nous' },
  { path: '/mentions-legales', ready: heading(/./), h1: 'Mentions légales' },
  { path: '/conditions-generales-de-vente', ready: heading(/./), h1: 'Conditions générales de vente' },
  { path: '/politique-de-confidentialite', ready: heading(/./), h1: 'Politique de confidentialité' },
  { path: '/login', ready: (page) => page.getByRole('form', { name: 'Inscription' }), h1: 'Connexion' },
  { path: '/compte/mot-de-passe', ready: heading(/./), h1: 'Mot de passe oublié' },
  { path: '/compte/mot-de-passe/jeton-de-test?email=lea%40example.fr', ready: heading(/./), h1: 'Choisir un nouveau mot de passe' },
  { path: '/points-de-livraison', ready: heading(/./), map: true, h1: 'Nos points de livraison' },
  { path: '/passer-commande', ready: (page) => page.getByRole('heading', { name: 'Passer commande' }), h1: 'Passer commande' },
  // Checked once the chosen point is drawn (it comes from /api/state after hydration).
  { path: '/passer-commande', ready: (page) => page.getByRole('main').getByRole('button', { name: 'Changer' }), delivery: true },
  { name: '/passer-commande/:slug', path: async (page) => `/passer-commande/${(await aDish(page)).slug}`, ready: (page) => page.getByRole('dialog'), delivery: true, dialog: true },
  { name: '/:slug', path: async (page) => `/${(await aDish(page)).slug}`, ready: (page) => page.getByRole('dialog'), dialog: true },
  { path: '/plat-qui-nexiste-pas', ready: (page) => page.getByRole('heading', { name: 'Oups' }) },
];

/** A title with a typographic apostrophe may be written with either. */
const titleText = (h1: string) => (h1.includes('’') ? new RegExp(h1.replace('’', "['’]")) : h1);

for (const route of ROUTES) {
  const label = typeof route.path === 'string' ? route.path : (route.name ?? 'a dish');
  const what = route.h1 ? `shows “${route.h1}”, its frame, axe and layout` : 'axe and layout';
  test(`${label}${route.delivery ? ' (delivery chosen)' : ''}: ${what}`, async ({ page, context, isMobile }) => {
    if (route.map) await serveMapFixtures(context);
    if (route.delivery) {
      await page.goto('/');
      await chooseDelivery(page);
    }
    const path = typeof route.path === 'string' ? route.path : await route.path(page);
    await page.goto(path);
    await expect(route.ready(page)).toBeVisible();
    if (route.h1) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleText(route.h1));
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Popote`);
      // The e2e server runs the sandbox: every page says its payments are not real.
      await expect(page.getByRole('note')).toHaveText('Démonstration : aucun paiement réel n’est encaissé.');
    }
    // Wide, the map shows beside the list (a phone shows the list first): checked once drawn.
    if (route.map && !isMobile) await expect(page.getByTestId('delivery-map')).toHaveAttribute('data-state', /ready|plain/, { timeout: 15_000 });
    await checkScreen(page, path, { include: route.dialog ? 'dialog' : undefined, exclude: route.map ? MAP : [] });
  });
}

/** Waits for the dialog, then checks every dialog open on the page (and what they hold). */
async function checkDialog(page: Page, name: string | RegExp, options: { exclude?: string[] } = {}) {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await checkScreen(page, `the dialog “${String(name)}”`, { include: 'dialog', exclude: options.exclude });
}

async function closeDialog(page: Page, name: string | RegExp) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toHaveCount(0);
}

test('axe: the guest’s modals (suggestion, delivery selector, menu, account, reset, composer, dish, cart and its panels)', async ({ page, context, isMobile }) => {
  test.setTimeout(180_000);
  await serveMapFixtures(context);
  await page.goto('/');
  await page.getByRole('banner').getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').click();
  await checkDialog(page, 'Où voulez-vous déjeuner ?');
  await page.getByRole('dialog', { name: 'Où voulez-vous déjeuner ?' }).getByRole('button', { name: 'Voir les points de livraison' }).click();
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  await expect(selector.getByRole('button').nth(3)).toBeVisible();
  const map = selector.getByTestId('delivery-map');
  if (await map.isVisible()) await expect(map).toHaveAttribute('data-state', /ready|plain/, { timeout: 15_000 });
  await checkDialog(page, 'Choisir mon point de livraison', { exclude: MAP });
  await closeDialog(page, 'Choisir mon point de livraison');

  if (isMobile) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await checkDialog(page, 'Menu');
    await closeDialog(page, 'Menu');
  }

  await page.getByRole('button', { name: 'Se connecter' }).click();
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(account.getByLabel('E-mail')).toBeVisible();
  await checkDialog(page, 'Mon compte');
  await account.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau compte' }).getByLabel('Confirmation du mot de passe')).toBeVisible();
  await checkDialog(page, 'Nouveau compte');
  await page.getByRole('dialog', { name: 'Nouveau compte' }).getByRole('button', { name: 'Se connecter' }).click();
  await account.getByRole('button', { name: /Mot de passe oublié/ }).click();
  await checkDialog(page, 'Mot de passe oublié');
  await closeDialog(page, 'Mot de passe oublié');

  await chooseDelivery(page);
  await page.goto('/passer-commande');
  await page.getByRole('button', { name: /^Composer la formule / }).first().click();
  await expect(page.getByRole('form', { name: /^Composer la formule / })).toBeVisible();
  await checkDialog(page, 'Composer ma formule');
  await closeDialog(page, 'Composer ma formule');

  const dish = await aDish(page);
  await page.getByRole('link', { name: dish.name, exact: true }).first().click();
  await checkDialog(page, dish.name);
  await closeDialog(page, dish.name);

  await page.getByRole('button', { name: `Ajouter au panier : ${dish.name}`, exact: true }).click();
  await page.getByRole('button', { name: /^Panier, 1 article/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart.getByRole('button', { name: 'Passer au paiement' })).toBeVisible();
  await checkDialog(page, 'Mon panier');
  await cart.getByRole('button', { name: 'Passer au paiement' }).click();
  await expect(page.getByRole('dialog', { name: 'Mon compte' }).getByLabel('E-mail')).toBeVisible();
  await checkDialog(page, 'Mon compte');
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau compte' }).getByLabel('Confirmation du mot de passe')).toBeVisible();
  await checkDialog(page, 'Nouveau compte');
  await closeDialog(page, 'Nouveau compte');
});

test('axe: the customer’s modals (account, help, payment recap, paper vouchers, Edenred widget, validated payment)', async ({ page }, info) => {
  test.setTimeout(180_000);
  await customerWithCart(page, info.project.name);
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(account.getByRole('button', { name: 'Besoin d’aide ?' })).toBeVisible();
  await checkDialog(page, 'Mon compte');
  await account.getByRole('button', { name: 'Besoin d’aide ?' }).click();
  await expect(page.getByRole('dialog', { name: 'Besoin d’aide ?' }).getByRole('textbox').first()).toBeVisible();
  await checkDialog(page, 'Besoin d’aide ?');
  await closeDialog(page, 'Besoin d’aide ?');

  await openPayment(page);
  await expect(recap(page).getByTestId('payment-final-price')).toBeVisible();
  await checkDialog(page, 'Validation de votre panier');
  await recap(page).getByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' }).click();
  await checkDialog(page, 'Ma cagnotte Tickets resto papiers');
  await page.getByRole('dialog', { name: 'Ma cagnotte Tickets resto papiers' }).getByRole('button', { name: '‹ Retour au récapitulatif' }).click();
  await recap(page).getByRole('region', { name: 'Edenred' }).getByRole('button', { name: 'Payer avec le formulaire sécurisé Edenred' }).click();
  await expect(page.getByRole('dialog', { name: 'Payer avec Edenred' }).getByLabel('E-mail Edenred')).toBeVisible();
  await checkDialog(page, 'Payer avec Edenred');
  await page.getByRole('dialog', { name: 'Payer avec Edenred' }).getByRole('button', { name: '‹ Retour au récapitulatif' }).click();
  await expect(recap(page)).toBeVisible();

  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expect(popin(page)).toBeVisible({ timeout: 15_000 });
  await expect(popin(page).getByRole('button', { name: 'Super !' })).toBeVisible();
  await checkDialog(page, 'Vous allez vous régaler');
});

test.describe('pop-ins of time and settings', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/__sandbox/clock', { data: { now: null } });
  });

  test('axe: the closed-website and homepage pop-ins', async ({ page, request }) => {
    const state = await (await request.get('/api/state')).json();
    await request.post('/__sandbox/clock', { data: { now: `${state.current_delivery_date}T12:30:00+01:00` } });
    await page.goto('/passer-commande');
    await expect(page.getByRole('dialog', { name: 'Les commandes du jour sont terminées' }).getByLabel('Votre adresse e-mail')).toBeVisible();
    await checkDialog(page, 'Les commandes du jour sont terminées');
    await closeDialog(page, 'Les commandes du jour sont terminées');

    // The homepage pop-in's text is an operator setting, empty in the seed: the state answers one here.
    await page.route('**/api/state', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.settings = { ...body.settings, homepage_popin_title: 'Nouveau : les desserts du jour', homepage_popin_text: 'Trois desserts maison chaque midi.' };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/');
    await checkDialog(page, 'Nouveau : les desserts du jour');
  });

  test('axe: the cart-expiry pop-in, warning and timeout', async ({ page, request }) => {
    const { current_delivery_date: date } = await (await request.get('/api/state')).json();
    const now = `${date}T09:00:00+01:00`;
    await request.post('/__sandbox/clock', { data: { now } });
    await page.clock.install({ time: new Date(now) });
    await page.goto('/passer-commande');
    const dish = await aDish(page);
    await page.getByRole('button', { name: `Ajouter au panier : ${dish.name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeAttached();
    await page.clock.fastForward('13:05');
    await checkDialog(page, 'Votre panier expire bientôt');
    await page.getByRole('dialog', { name: 'Votre panier expire bientôt' }).getByRole('button', { name: 'J’ai compris' }).click();
    await page.clock.fastForward('02:00');
    await checkDialog(page, 'Votre panier a expiré');
  });
});
