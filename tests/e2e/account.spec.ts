import { expect, test, type Page } from './fixtures';
import { orderDeliveryDate } from '../../src/features/account/account-rules';
import { formatLongDate, formatShortDateTime } from '../../src/lib/format';
import type { User } from '#shared/api/auth';
import type { CatalogProduct } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { xsrfToken } from './xsrf';
import { readJson } from './api-read';

const DEMO = { email: 'demo@popote.fr', password: 'popote-demo' };
let counter = 0;
/** An address of its own per test and project (the e2e server keeps one database for the run). */
const freshEmail = (project: string) => `client-${project}-${Date.now()}-${++counter}@example.fr`;

async function fillSignup(page: Page, email: string, password = 'tartine-42', terms = true) {
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Prénom').fill('Léa');
  await form.getByLabel(/^Nom\b/).fill('Durand');
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Mot de passe/).fill(password);
  await form.getByLabel('Confirmation du mot de passe').fill(password);
  await form.getByRole('checkbox').setChecked(terms);
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
}

async function logInOnPage(page: Page, email: string, password: string, remember = false) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mot de passe').fill(password);
  if (remember) await form.getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
}

/** Opens the account modal. Right after a login the route change to '/' may still be closing modals: open until it stays. */
async function openAccount(page: Page) {
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(async () => {
    if (!(await account.isVisible())) await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
    await expect(account.getByRole('button', { name: 'Se déconnecter' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  return account;
}

async function logOut(page: Page) {
  const account = await openAccount(page);
  await account.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page).toHaveURL('/');
}

test('a visitor signs up from the cart and goes on to payment with their cart', async ({ page }, info) => {
  await page.goto('/passer-commande');
  const dishes = (await readJson(page.request, '/api/products')) as CatalogProduct[];
  const starter = dishes.find((d) => d.category === 'starter' && !d.sold_out)!;
  await page.getByRole('button', { name: `Ajouter au panier : ${starter.name}`, exact: true }).click();
  // A delivery point chosen as a visitor (it follows the login).
  const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
  const slot = locations.flatMap((l) => l.deliveries)[0]!;
  const token = await xsrfToken(page);
  expect((await page.request.post('/api/deliveries', { data: { id: slot.id }, headers: { 'x-xsrf-token': token } })).ok()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Panier, 1 article' }).click();
  await page.getByRole('button', { name: 'Passer au paiement' }).click();
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau compte' })).toBeVisible();

  // Errors first: the box's plural title, then each field's message.
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(form.getByRole('alert')).toContainText('Il ne reste que ces quelques points à corriger pour valider votre inscription');
  await expect(form.getByRole('alert')).toContainText('Vous devez saisir un numéro français.');

  // Everything filled but the terms' box: nothing is sent, the box says why and has the focus.
  const registers: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/register') registers.push(req.method());
  });
  await fillSignup(page, 'pas-encore@example.fr', 'tartine-42', false);
  const terms = form.getByRole('checkbox');
  await expect(form.getByRole('alert')).toContainText('Il ne reste que ce point à corriger pour valider votre inscription');
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(terms).toHaveAccessibleDescription('Merci d’accepter les conditions générales de vente.');
  await expect(terms).toBeFocused();
  expect(registers).toEqual([]);

  const email = freshEmail(info.project.name);
  await fillSignup(page, email);
  // Logged in, the cart is validated and the payment modal opens on its recap (docs/product/payments.md).
  const payment = page.getByRole('dialog', { name: 'Validation de votre panier' });
  await expect(payment).toBeVisible();
  await expect(payment).toContainText('Reste à payer');
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
});

test('a customer logs out, then logs in with “remember me” for 7 days; /login is for guests', async ({ page, context }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/login');
  await fillSignup(page, email);
  await expect(page).toHaveURL('/');
  await logOut(page);

  await logInOnPage(page, email, 'tartine-42', true);
  const session = (await context.cookies()).find((c) => c.name === 'popote_session')!;
  // Counted from the server's time (this test's sandbox clock), which set the expiry.
  const serverNow = Date.parse(((await readJson(page.request, '/__sandbox/clock')) as { now: string }).now);
  const days = (session.expires * 1000 - serverNow) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.001);

  // A logged-in customer does not see /login: they go home.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});

test('a wrong password says so, and a short one is caught before sending', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('E-mail').fill(DEMO.email);
  await form.getByLabel('Mot de passe').fill('pas-le-bon');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(form.getByText('Ces identifiants ne correspondent à aucun compte.')).toBeVisible();
  await form.getByLabel('E-mail').fill('pas-un-email');
  await expect(form.getByText('Merci de saisir une adresse email valide. Promis, pas de spam.')).toBeVisible();
});

test('a forgotten password is reset through the link mailed to the customer', async ({ page, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/login');
  await fillSignup(page, email, 'ancien-mot-de-passe');
  await expect(page).toHaveURL('/');
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Mot de passe oublié' }).click();
  const modal = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(modal.getByText('Votre demande de réinitialisation est bien enregistrée. Surveillez votre boite mail.')).toBeVisible();

  const mails = (await readJson(request, `/__sandbox/mailbox.json?to=${encodeURIComponent(email)}`)) as { subject: string; text: string }[];
  const mail = mails.find((m) => m.subject.includes('mot de passe'))!;
  const link = /https?:\/\/\S+\/compte\/mot-de-passe\/\S+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  const form = page.getByRole('form', { name: 'Nouveau mot de passe' });
  await expect(form.getByLabel('E-mail')).toHaveValue(email);
  await form.getByLabel('Nouveau mot de passe').fill('nouveau-mot-de-passe');
  await form.getByLabel('Confirmation du mot de passe').fill('nouveau-mot-de-passe');
  await form.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();

  // The link served once; the new password opens the account.
  await logOut(page);
  await page.goto(new URL(link).pathname + new URL(link).search);
  const again = page.getByRole('form', { name: 'Nouveau mot de passe' });
  await again.getByLabel('Nouveau mot de passe').fill('encore-un-autre');
  await again.getByLabel('Confirmation du mot de passe').fill('encore-un-autre');
  await again.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByText('Ce lien de réinitialisation n’est plus valable : demandez-en un nouveau.')).toBeVisible();
  await logInOnPage(page, email, 'nouveau-mot-de-passe');
});

test('the demo customer browses orders by pages of 5, opens an invoice, and sees pool, deposits and sponsor code', async ({ page }) => {
  await logInOnPage(page, DEMO.email, DEMO.password);
  const account = await openAccount(page);
  await expect(account.getByText('Bonjour Camille !')).toBeVisible();
  const orders = account.getByTestId('order');
  await expect(orders).toHaveCount(5);
  // Each status as the server says it (delivered is what the courier said, not the clock's guess).
  const me = (await readJson(page.request, '/api/me')) as User;
  // Beside it, the delivery day in words: a future order's 'En cours de livraison' is not taken for today's.
  for (const [i, order] of me.orders.slice(0, 5).entries()) {
    await expect(orders.nth(i)).toContainText(order.current_status_text);
    await expect(orders.nth(i)).toContainText(`Livraison du ${formatLongDate(orderDeliveryDate(order)!)}`);
  }
  await expect(orders.nth(1)).toContainText('Livré');
  const invoice = orders.first().getByRole('link', { name: /^Facture F\d{4}-\d{6}$/ });
  await expect(invoice).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get((await invoice.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await account.getByRole('button', { name: 'Plus anciennes →' }).click();
  await expect(orders).toHaveCount(3);
  await expect(account.getByText('Page 2 / 2')).toBeVisible();
  const pool = account.getByRole('region', { name: 'Ma cagnotte' });
  await expect(pool).toContainText('18,50');
  // Its history in Paris time, written as everywhere in the shop: '27/11/2026 à 8 h 05'.
  const lastMove = me.poolHistories[0]!;
  await expect(pool.getByRole('listitem').first()).toContainText(`${lastMove.type_label} ${formatShortDateTime(new Date(lastMove.created_at))}`);
  await expect(account.getByRole('region', { name: 'Mes consignes' })).toContainText('2 contenants consignés');
  await expect(account.getByRole('region', { name: 'Mon code parrain' })).toContainText('CAMILLE5 : 5 € offerts');
});

test('a customer changing from their usual point confirms once (issue 4)', async ({ page, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/login');
  await fillSignup(page, email);
  await expect(page).toHaveURL('/');
  const { current_delivery_date: date } = await (await page.request.get('/api/state')).json();
  await request.post('/__sandbox/clock', { data: { now: `${date}T07:00:00+01:00` } });
  try {
    const locations = (await readJson(page.request, '/api/delivery-locations')) as DeliveryLocation[];
    const [usual, other] = locations.filter((l) => l.deliveries.length === 1);
    const choose = async (name: string) => {
      // The warning needs to know who is choosing: the customer's state has arrived once the
      // header offers their account.
      await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
      await page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
      await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
    };
    await page.goto('/points-de-livraison');
    await choose(usual!.name);
    await expect(page).toHaveURL('/passer-commande');
    await page.goto('/points-de-livraison');
    await choose(other!.name);
    await expect(page.getByText('Le point de livraison sélectionné est différent de votre point de livraison habituel. Souhaitez-vous continuer ?')).toBeVisible();
    await page.getByRole('button', { name: 'Valider ce point de livraison' }).click();
    await expect(page).toHaveURL('/passer-commande');
    await expect(page.getByRole('region', { name: /Votre livraison/ })).toContainText(other!.name);
  } finally {
    await request.post('/__sandbox/clock', { data: { now: null } });
  }
});

test('a sign-up being filled survives a reload of the tab, never its password', async ({ page }, info) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inscription' });
  const email = freshEmail(info.project.name);
  await form.getByLabel('Prénom').fill('Léa');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Mot de passe/).fill('tartine-42');
  await page.reload();
  await expect(form.getByLabel('Prénom')).toHaveValue('Léa');
  await expect(form.getByLabel('E-mail')).toHaveValue(email);
  await expect(form.getByLabel(/^Mot de passe/)).toHaveValue('');
  expect(await page.evaluate(() => Object.values(sessionStorage).join(' '))).not.toContain('tartine-42');
});
