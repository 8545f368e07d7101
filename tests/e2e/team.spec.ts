import { pdfText } from './pdf-text';
import type { CatalogProduct } from '#shared/api/catalog';
import { addDays, parisInstant, weekday } from '#shared/time';
import { customerWithCart, expectValidated, openPayment, recap, toHostedPage } from './checkout-steps';
import { xsrfToken } from './xsrf';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { checkScreen } from './screen-check';
import { logInTeam, TEAM_PASSWORD } from './team-steps';
import { escapeRegExp } from './text-match';
import { readJson } from './api-read';

/**
 * Popote Équipe, the team's app: an admin cancels an order paid with Edenred and by card, a cook
 * marks a dish sold out, each role sees its pages. The admin finds this test's order by its
 * customer's e-mail among the day's; the cook's test moves its own clock to a delivery day no
 * other test uses (its own stock), phone and desktop apart.
 */

const EDENRED = '/__sandbox/edenred';

/**
 * A working day after the next week (a week ahead is the markup test's), the first for the phone,
 * the second for the desktop, made this test's today.
 */
async function privateDay(request: APIRequestContext, project: string): Promise<string> {
  const today = ((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date;
  const slot = project === 'phone' ? 0 : 1;
  let day = addDays(today, 8);
  for (let found = 0; ; day = addDays(day, 1)) {
    if (weekday(day) === 0 || weekday(day) === 6) continue;
    if (found++ === slot) break;
  }
  expect((await request.post('/__sandbox/clock', { data: { now: parisInstant(day, '09:00').toISOString() } })).ok()).toBe(true);
  expect(((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date).toBe(day);
  return day;
}

/** The team's navigation: a menu's links on a phone as on a desktop. */
const teamNav = (page: Page) => page.getByRole('navigation', { name: 'Popote Équipe' });



test('an admin finds an order paid with Edenred and by card, cancels it: both refunded, the customer mailed a credit note', async ({ page, context }, info) => {
  test.setTimeout(180_000);
  // An Edenred account of this test's own, holding 3 €.
  const edenredUser = `equipe-${info.project.name}-${Date.now()}@edenred.test`;
  expect((await page.request.post(`${EDENRED}/accounts/${edenredUser}/balance`, { data: { balance_cents: 300 } })).ok()).toBe(true);

  // A customer pays 3 € from Edenred and the rest by card.
  const { location } = await customerWithCart(page, info.project.name, (d) => d.price >= 1000);
  const email = ((await readJson(page.request, '/api/me')) as { email: string }).email;
  await openPayment(page);
  const popupOpened = page.waitForEvent('popup');
  await recap(page).getByRole('button', { name: 'Connecter mon compte Edenred' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('E-mail').fill(edenredUser);
  await popup.getByLabel('Mot de passe').fill('demo');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Se connecter' }).click();
  await closed;
  await expect(recap(page).getByTestId('edenred-balance')).toContainText('3,00');
  await recap(page).getByRole('button', { name: /^Utiliser 3,00.€ de mon solde Edenred$/ }).click();
  await expect(recap(page).getByTestId('payment-edenred')).toContainText('3,00');
  const po = await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expectValidated(page, location.name);
  expect(((await readJson(page.request, `${EDENRED}/accounts/${edenredUser}`)) as { data: { balance_cents: number } }).data.balance_cents).toBe(0);

  // The admin, in another tab of the same browser (each session has its own cookies).
  const team = await context.newPage();
  await logInTeam(team, 'admin@popote.fr');
  await teamNav(team).getByRole('link', { name: 'Commandes' }).click();
  await expect(team.getByRole('heading', { level: 1, name: /^Commandes/ })).toBeVisible();
  await team.getByLabel(/^Rechercher/).fill(email);
  const order = team.getByRole('article', { name: /^Commande F\d{4}-\d{6}, Léa Durand$/ });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('À livrer');
  await expect(order.getByRole('list', { name: 'Moyens de paiement' })).toContainText('Edenred 3,00 € — payé');
  await expect(order.getByRole('list', { name: 'Moyens de paiement' })).toContainText('Carte bancaire');
  const invoice = /F\d{4}-\d{6}/.exec((await order.getAttribute('aria-label'))!)![0];
  await checkScreen(team, 'equipe-commandes');

  await order.getByRole('button', { name: 'Annuler la commande' }).click();
  const dialog = team.getByRole('dialog', { name: `Annuler la commande ${invoice}` });
  await expect(dialog).toContainText('Edenred (3,00 €)');
  // No reason, no cancellation.
  await dialog.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expect(dialog.getByText('Indiquez le motif de l’annulation.')).toBeVisible();
  await dialog.getByLabel(/^Motif/).fill('Plat manquant en cuisine');
  await checkScreen(team, 'equipe-annuler', { include: 'dialog' });
  await dialog.getByRole('button', { name: 'Annuler et rembourser' }).click();
  // Refused, it would say why here.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  await expect(team.getByTestId('snackbar').filter({ hasText: 'Commande annulée' })).toBeVisible();
  await expect(order).toContainText('Annulée');
  await expect(order.getByRole('list', { name: 'Moyens de paiement' })).toContainText('Edenred 3,00 € — remboursé');
  await expect(order.getByRole('button', { name: 'Annuler la commande' })).toHaveCount(0);

  // Both paid back in the providers' emulators.
  expect(((await readJson(page.request, `${EDENRED}/accounts/${edenredUser}`)) as { data: { balance_cents: number } }).data.balance_cents).toBe(300);
  await team.goto(`/__sandbox/paygreen/pay/${po}`);
  await expect(team.getByRole('heading', { level: 1 })).toHaveText('Ce paiement est remboursé');

  // The customer's mail, with the credit note referring to the invoice; the account says so.
  let mail: { id: number; subject: string; attachments: { filename: string }[] } | undefined;
  await expect
    .poll(async () => {
      const mails = (await readJson(page.request, `/__sandbox/mailbox.json?to=${encodeURIComponent(email)}`)) as NonNullable<typeof mail>[];
      mail = mails.find((m) => m.subject.includes('annulée'));
      return mail?.subject;
    })
    .toBe(`Votre commande Popote ${invoice} est annulée`);
  expect(mail!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^avoir-.*\.pdf$/i)]);
  const pdf = await page.request.get(`/__sandbox/mailbox/${mail!.id}/attachments/0`);
  const text = await pdfText(await pdf.body());
  expect(text).toContain('Avoir');
  expect(text).toContain(invoice);
  await page.goto('/');
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Mon compte' }).getByTestId('order').first()).toContainText('Commande annulée');
});

test('a cook marks a dish sold out (the customer’s open page shows it within 5 seconds by itself, then back on sale) and loads a day’s catalog with a preview', async ({ page, context, request }, info) => {
  test.setTimeout(120_000);
  const day = await privateDay(request, info.project.name);
  // A customer orders a main course for that day, paid in paper vouchers: the kitchen has a sheet.
  const { dish: ordered } = await customerWithCart(page, info.project.name, (d) => d.category === 'main');
  const headers = { 'x-xsrf-token': await xsrfToken(page) };
  const validated = await page.request.post('/api/cart/validate', { headers });
  expect(validated.ok(), await validated.text()).toBe(true);
  const remaining = ((await validated.json()) as { remaining_price: number }).remaining_price;
  await page.request.post('/api/pending-order/lunch-vouchers', { headers, data: { lunch_vouchers: [{ quantity: Math.ceil(remaining / 500), amount: 5 }] } });
  await page.request.post('/api/pending-order/pool', { headers });
  const placed = await page.request.post('/api/payment', { headers });
  expect(placed.ok(), await placed.text()).toBe(true);

  const dishes = (await readJson(request, '/api/products')) as CatalogProduct[];
  const dish = dishes.find((d) => d.category === 'starter' && !d.sold_out)!;
  await page.goto('/passer-commande');
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: dish.name, exact: true }) }).first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Épuisé' })).toHaveCount(0);

  const cook = await context.newPage();
  await logInTeam(cook, 'cuisine@popote.fr');
  // The kitchen sees its pages only.
  await expect(teamNav(cook).getByRole('link')).toHaveText(['Cuisine', 'Stock']);
  await teamNav(cook).getByRole('link', { name: 'Stock' }).click();
  const row = cook.getByRole('row').filter({ has: cook.getByRole('rowheader', { name: new RegExp(`^${dish.name}`) }) });
  await expect(row).toBeVisible();
  await checkScreen(cook, 'equipe-stock');
  await row.getByRole('button', { name: 'Épuisé' }).click();
  await expect(row.getByRole('button', { name: 'Remettre en vente' })).toBeVisible();
  await expect(row).toContainText('Épuisé');

  // The customer's open page says so by itself, within seconds, without being read again.
  await expect(card.getByRole('button', { name: 'Épuisé' })).toBeDisabled({ timeout: 5_000 });

  await row.getByRole('button', { name: 'Remettre en vente' }).click();
  await expect(row.getByRole('button', { name: 'Épuisé' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Épuisé' })).toHaveCount(0, { timeout: 5_000 });
  // And a page opened afterwards reads it as it is now (not a copy the browser kept from before).
  await page.reload();
  await expect(card.getByRole('button', { name: `Ajouter au panier : ${dish.name}` })).toBeEnabled();

  // The day's catalog from the page: a preview that changes nothing, then applied as previewed.
  const slug = `tartine-equipe-${info.project.name}`;
  const name = `Tartine de l’équipe (${info.project.name})`;
  const current = (await readJson(request, `/__sandbox/catalog-availability?date=${day}`)) as { slug: string; stock: number | null }[];
  const file = {
    dates: [day],
    products: [{ slug, name, short_description: 'Pain de campagne, chèvre et miel.', description: 'Une tartine du jour.', ingredients: ['pain', 'chèvre', 'miel'], allergens: ['gluten', 'lait'], category: 'main', price_cents: 650, vat_rate: 10 }],
    availability: [...current, { slug, stock: 10 }],
  };
  const load = cook.getByRole('region', { name: 'Charger la carte d’un jour' });
  await load.getByLabel(/^Fichier de la carte/).setInputFiles({ name: 'carte.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await load.getByRole('button', { name: 'Voir l’aperçu' }).click();
  const preview = load.getByRole('status', { name: 'Aperçu de l’import' });
  await expect(preview).toContainText(`1 plat créé : ${slug}`);
  await expect(preview).toContainText(`${day} : ${current.length + 1} plats au menu`);
  await checkScreen(cook, 'equipe-carte-apercu', { include: '[aria-labelledby="catalog-import-title"]' });
  await expect(cook.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Appliquer cette carte' }).click();
  await expect(cook.getByTestId('snackbar').filter({ hasText: 'Carte chargée' })).toBeVisible();
  await expect(cook.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

  // The production sheet of the day, on screen then on paper: one A4 page with the totals.
  await teamNav(cook).getByRole('link', { name: 'Cuisine' }).click();
  await expect(cook.getByRole('heading', { level: 1, name: /^Fiche de production/ })).toBeVisible();
  const sheet = (await readJson(cook.request, `/api/staff/kitchen-sheet?date=${day}`)) as { dishes: { name: string; total: number }[]; containers: number; final: boolean };
  const table = cook.getByRole('table', { name: 'Portions à préparer par plat et par tournée' });
  await expect(table.getByRole('row')).toHaveCount(sheet.dishes.length + 1);
  await expect(table.getByRole('row').filter({ has: cook.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(ordered.name)}`) }) })).toContainText('1');
  await expect(cook.getByText(/^Fiche provisoire, mise à jour à \d{1,2}\sh/)).toBeVisible();
  // The bag labels, from the one page the cook opens (the tours page is not theirs).
  const labels = cook.getByRole('link', { name: 'Étiquettes des sacs (PDF)' });
  await expect(labels).toHaveAttribute('href', `/api/staff/labels.pdf?date=${day}`);
  const labelsPdf = await cook.request.get((await labels.getAttribute('href'))!);
  expect(labelsPdf.status()).toBe(200);
  expect(labelsPdf.headers()['content-type']).toBe('application/pdf');
  await checkScreen(cook, 'equipe-fiche-production');
  await cook.emulateMedia({ media: 'print' });
  await expect(cook.getByRole('button', { name: 'Imprimer la fiche' })).toBeHidden();
  await expect(teamNav(cook)).toBeHidden();
  const paper = await pdfText(await cook.pdf({ format: 'A4', printBackground: true }));
  expect(paper).toContain('-- 1 of 1 --');
  expect(paper).toContain('Contenants consignés à remplir (un par formule)');
  for (const dish of sheet.dishes) expect(paper).toContain(dish.name.slice(0, 18));
  await cook.emulateMedia({ media: 'screen' });

  // A page of another role says it is not theirs.
  await cook.goto('/equipe/commandes');
  await expect(cook.getByRole('heading', { name: 'Accès réservé' })).toBeVisible();
});

test('the team’s pages: login, home, members and the audit, each role’s navigation, logout', async ({ page, request }) => {
  // Two apps, two layouts: a team page runs none of the shop's reads (its page carries none of
  // their answers, which a shop page carries).
  const shopReads = /queryKey:\$R\[\d+\]=\["(state","shop-open|settings)"\]/g;
  expect((await (await request.get('/')).text()).match(shopReads)).toHaveLength(2);
  for (const path of ['/equipe', '/equipe/membres', '/equipe/tournee']) expect((await (await request.get(path)).text()).match(shopReads), path).toBeNull();
  await page.goto('/equipe/membres');
  // Not a shop page: no cart, no customer header; never indexed.
  await expect(page.getByRole('button', { name: /^Panier/ })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/equipe/manifest.webmanifest');
  const form = page.getByRole('form', { name: 'Connexion à Popote Équipe' });
  await checkScreen(page, 'equipe-connexion');
  await form.getByLabel('E-mail').fill('admin@popote.fr');
  await form.getByLabel('Mot de passe').fill('pas-le-bon');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(form.getByText('Ces identifiants ne correspondent à aucun compte de l’équipe.')).toBeVisible();
  await form.getByLabel('Mot de passe').fill(TEAM_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  // The page asked for opens once logged in.
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expect(page.getByRole('row', { name: /cuisine@popote\.fr/ })).toContainText('Actif');
  await checkScreen(page, 'equipe-membres');
  // Deactivating ends the member's sessions at once: it asks first, and cancelled changes nothing.
  const cookRow = page.getByRole('row', { name: /cuisine@popote\.fr/ });
  await cookRow.getByRole('button', { name: 'Désactiver' }).click();
  const ask = page.getByRole('dialog', { name: 'Désactiver le compte de Camille Cuisine ?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  await expect(cookRow).toContainText('Actif');
  // An invitation refused on bad input says why, on its fields.
  const invite = page.getByRole('region', { name: 'Inviter un membre' });
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(invite.getByText('Choisissez au moins un rôle.')).toBeVisible();

  await teamNav(page).getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Journal/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'admin@popote.fr' }).filter({ hasText: 'Connexion' }).first()).toBeVisible();
  await checkScreen(page, 'equipe-journal');

  await teamNav(page).getByRole('link', { name: 'Tournées' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Tournées/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Descendre / }).first()).toBeVisible();
  await checkScreen(page, 'equipe-tournees');

  await page.getByRole('link', { name: /^Popote/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
  await expect(teamNav(page).getByRole('link')).toHaveText(['Commandes', 'Cuisine', 'Stock', 'Ma tournée', 'Tournées', 'Clôture', 'À valider', 'Titres papier', 'Équipe', 'Journal']);
  // The admin's ten pages in one row, on a phone too (where it scrolls sideways), never three.
  const rows = await teamNav(page).getByRole('link').evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
  expect(rows).toBe(1);
  await checkScreen(page, 'equipe-accueil');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('form', { name: 'Connexion à Popote Équipe' })).toBeVisible();

  // The courier has their round and reads the rounds, and nothing else.
  await logInTeam(page, 'livreur@popote.fr');
  await expect(teamNav(page).getByRole('link')).toHaveText(['Ma tournée', 'Tournées']);
});
