import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';

/** The national address API is outside this machine: answered from fixtures in its real format. */
async function geocoderAnswers(page: Page, fixture: string) {
  const body = readFileSync(fileURLToPath(new URL(`../fixtures/geocoding/${fixture}`, import.meta.url)), 'utf8');
  await page.route('https://api-adresse.data.gouv.fr/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
}

const search = (page: Page) => page.getByRole('main').getByRole('search', { name: 'Rechercher un point de livraison' });
const selector = (page: Page) => page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
/** What the search says in the selector (not the snackbars, drawn in the open dialog's layer). */
const searchStatus = (page: Page) => selector(page).getByRole('status').and(page.locator(':not([data-transient])'));

test('a search by point name opens the selector on the matching points', async ({ page }) => {
  await page.goto('/passer-commande');
  await search(page).getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('charpennes');
  await search(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(searchStatus(page)).toHaveText('1 point pour « charpennes »');
  await expect(selector(page).getByRole('listitem')).toHaveCount(1);
  await expect(selector(page).getByRole('listitem').getByRole('button', { name: /Charpennes/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a search needs 3 characters', async ({ page }) => {
  await page.goto('/passer-commande');
  await search(page).getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('ab');
  await search(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(search(page).getByRole('alert')).toHaveText('Saisissez au moins 3 caractères.');
});

test('an address is geocoded and the nearest points come first', async ({ page }) => {
  await geocoderAnswers(page, 'adresse-part-dieu.json');
  await page.goto('/passer-commande');
  await search(page).getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('17 rue du docteur bouchut');
  await search(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(searchStatus(page)).toHaveText('Les points les plus proches de 17 Rue du Docteur Bouchut 69003 Lyon');
  await expect(selector(page).getByRole('listitem').first()).toContainText('Part-Dieu');
});

test('an address far from Lyon is not used: every point is listed', async ({ page }) => {
  await geocoderAnswers(page, 'adresse-far.json');
  await page.goto('/passer-commande');
  await search(page).getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('hotel de ville saint-etienne');
  await search(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(searchStatus(page)).toHaveText('Aucun point de livraison ne correspond à votre recherche : voici tous nos points.');
  expect(await selector(page).getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
});

test('with the address service out of reach, the search says so and lists every point', async ({ page }) => {
  await page.route('https://api-adresse.data.gouv.fr/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/passer-commande');
  await search(page).getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').fill('17 rue du docteur bouchut');
  await search(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(searchStatus(page)).toHaveText('La recherche par adresse est indisponible pour le moment : voici tous nos points.');
  expect(await selector(page).getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
});

test('“Autour de moi” with the position granted sorts the points nearest first', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  // Place Ambroise-Courtois, Monplaisir.
  await context.setGeolocation({ latitude: 45.7448, longitude: 4.8713 });
  await page.goto('/passer-commande');
  await search(page).getByRole('button', { name: 'Autour de moi' }).click();
  await expect(searchStatus(page)).toHaveText('Les points les plus proches de votre position');
  await expect(selector(page).getByRole('listitem').first()).toContainText('Monplaisir');
});

test('“Autour de moi” with the position denied says so and keeps the search', async ({ page }) => {
  // No permission granted: the browser refuses the position.
  await page.goto('/passer-commande');
  await search(page).getByRole('button', { name: 'Autour de moi' }).click();
  await expect(search(page).getByRole('alert')).toHaveText('Nous n’avons pas accès à votre position : cherchez plutôt par adresse ou nom d’entreprise.');
  await expect(selector(page)).toHaveCount(0);
});

test('the header field’s first tap offers tricycle or office delivery, once per visit; its keyboard focus does not', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('banner').getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise');
  const suggestion = page.getByRole('dialog', { name: 'Où voulez-vous déjeuner ?' });
  // Reached by the keyboard, the field takes the focus and keeps it: no pop-in opens.
  await field.focus();
  await page.keyboard.type('Ly');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Ly');
  await expect(suggestion).toHaveCount(0);
  await field.fill('');
  await field.click();
  await expect(suggestion).toBeVisible();
  await expect(suggestion.getByRole('link', { name: 'Proposer mon entreprise' })).toHaveAttribute('href', '/entreprises');
  // The selector and the suggestion exclude each other.
  await suggestion.getByRole('button', { name: 'Voir les points de livraison' }).click();
  await expect(selector(page)).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  await selector(page).getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(selector(page)).toHaveCount(0);
  await page.getByRole('banner').getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise').click();
  await expect(suggestion).toHaveCount(0);
});
