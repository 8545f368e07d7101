import { expect, test, type Page } from './fixtures';
import type { Menu } from '#shared/api/catalog';
import { euros } from './text-match';

async function todaysMenus(page: Page): Promise<Menu[]> {
  const res = await page.request.get('/api/menus');
  return (await res.json()) as Menu[];
}

test.describe('formulas of the day', () => {
  test('every formula composes: one dish per course, an extra, the live total, into the cart', async ({ page }) => {
    await page.goto('/');
    const menus = await todaysMenus(page);
    expect(menus.length).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole('heading', { name: 'Les formules du jour' })).toBeVisible();
    // Every formula whose extras add to its price says "à partir de" (not only one of equals), and a
    // formula named after its courses does not say them twice.
    const region = page.getByRole('region', { name: 'Les formules du jour' });
    const startsAt = menus.filter((m) => m.categories.some((c) => !c.required && c.products.some((p) => p.extra_price > 0)));
    expect(startsAt.length).toBeGreaterThan(1);
    await expect(region.getByText('à partir de')).toHaveCount(startsAt.length);
    const named = menus.find((m) => m.name === 'Plat + Dessert');
    if (named) await expect(region.getByText('Plat + Dessert', { exact: true })).toHaveCount(1);

    let added = 0;
    for (const menu of menus) {
      await page.getByRole('button', { name: `Composer la formule ${menu.name}` }).click();
      const composer = page.getByRole('form', { name: `Composer la formule ${menu.name}` });
      await expect(composer).toBeVisible();
      for (const category of menu.categories.filter((c) => c.required)) {
        const dish = category.products.find((p) => !p.sold_out)!;
        await composer.getByRole('group', { name: new RegExp(`^${category.name}`) }).getByRole('radio', { name: new RegExp(dish.name) }).check();
      }
      const extras = menu.categories.find((c) => !c.required)!;
      const extra = extras.products.find((p) => !p.sold_out)!;
      await composer.getByRole('group', { name: new RegExp(`^${extras.name}`) }).getByRole('checkbox', { name: new RegExp(extra.name) }).check();
      const expected = euros(menu.price + extra.extra_price);
      await expect(composer.getByText(/^Total/)).toContainText(expected);
      await composer.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expect(page.getByTestId('snackbar').filter({ hasText: menu.name })).toContainText('Ajouté au panier');
      await expect(page.getByRole('dialog', { name: 'Composer ma formule' })).toHaveCount(0);
      added++;
      await expect(page.getByRole('button', { name: `Panier, ${added} article${added > 1 ? 's' : ''}` })).toBeAttached();
    }
  });

  test('an incomplete formula says which courses are missing', async ({ page }) => {
    await page.goto('/passer-commande');
    const [menu] = await todaysMenus(page);
    await page.getByRole('button', { name: `Composer la formule ${menu!.name}` }).click();
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    const names = menu!.categories.filter((c) => c.required).map((c) => c.name).join(', ');
    await expect(page.getByRole('alert')).toHaveText(`Choisissez encore : ${names}.`);
  });

  test('a formula composes with the keyboard only', async ({ page }) => {
    await page.goto('/');
    const [menu] = await todaysMenus(page);
    await page.getByRole('button', { name: `Composer la formule ${menu!.name}` }).focus();
    await page.keyboard.press('Enter');
    const composer = page.getByRole('form', { name: `Composer la formule ${menu!.name}` });
    await expect(composer).toBeVisible();
    // Close button, then the formula choice, then each course: Tab into the group, Space picks.
    await page.keyboard.press('Tab');
    for (const _category of menu!.categories.filter((c) => c.required)) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
    }
    const submit = composer.getByRole('button', { name: 'Ajouter au panier' });
    for (let i = 0; i < 15 && !(await submit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('snackbar').filter({ hasText: menu!.name })).toContainText('Ajouté au panier');
    await expect(page.getByRole('button', { name: 'Panier, 1 article' })).toBeAttached();
  });
});

test.describe('dishes', () => {
  test('a dish opens by URL over the home page, and closes back to it', async ({ page }) => {
    await page.goto('/salade-lyonnaise');
    const detail = page.getByRole('dialog', { name: 'Salade lyonnaise' });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Allergènes' })).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Ingrédients' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Les formules du jour' })).toBeVisible();
    await detail.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a dish opens by a click in the carousel, with its own URL, and Escape goes back', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('group', { name: 'Plats du jour' });
    const first = carousel.getByRole('listitem').first().getByRole('link');
    const name = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/[a-z0-9-]+$/);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/');
  });

  test('the carousel wraps around with next and previous', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('group', { name: 'Plats du jour' });
    const firstName = () => carousel.getByRole('listitem').first().getByRole('heading').textContent();
    const start = await firstName();
    await carousel.getByRole('button', { name: 'Plat précédent' }).click();
    const last = await firstName();
    expect(last).not.toBe(start);
    for (let i = 0; i < 8; i++) await carousel.getByRole('button', { name: 'Plat suivant' }).click();
    expect(await firstName()).toBe(last);
    await carousel.getByRole('button', { name: 'Plat suivant' }).click();
    expect(await firstName()).toBe(start);
  });

  test('the order page lists the dishes of the day and opens one over itself', async ({ page }) => {
    await page.goto('/passer-commande');
    await expect(page.getByRole('heading', { name: 'Plats', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Risotto aux cèpes' }).click();
    await expect(page).toHaveURL('/passer-commande/risotto-cepes');
    await expect(page.getByRole('dialog', { name: 'Risotto aux cèpes' })).toBeVisible();
    // A click on the dimmed page closes it.
    await page.mouse.click(10, 300);
    await expect(page).toHaveURL('/passer-commande');
  });

  test('an unknown dish is the 404 page', async ({ page }) => {
    await page.goto('/plat-qui-nexiste-pas');
    await expect(page.getByRole('heading', { name: 'Oups' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
  });
});

test.describe('closed website', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/__sandbox/clock', { data: { now: null } });
  });

  test('after the last cut-off the pop-in gives the opening hour and a newsletter form', async ({ page, request }) => {
    const state = await (await request.get('/api/state')).json();
    // 12:30 in Paris on a delivery day: every tour's cut-off (11:00 at the latest) has passed.
    await request.post('/__sandbox/clock', { data: { now: `${state.current_delivery_date}T12:30:00+01:00` } });
    await page.goto('/');
    const popin = page.getByRole('dialog', { name: 'Les commandes du jour sont terminées' });
    await expect(popin).toBeVisible();
    await expect(popin).toContainText('ouvrent à 15\u00a0h');
    await expect(popin.getByLabel('Votre adresse e-mail')).toBeVisible();
    await popin.getByRole('button', { name: 'Voir la carte quand même' }).click();
    await expect(popin).toHaveCount(0);
    // Once per visit.
    await page.goto('/passer-commande');
    await expect(page.getByRole('heading', { name: 'Passer commande' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a link to a panel is not covered by the pop-in: it waits until the panel is closed', async ({ page, request }) => {
    const state = await (await request.get('/api/state')).json();
    await request.post('/__sandbox/clock', { data: { now: `${state.current_delivery_date}T12:30:00+01:00` } });
    // Whether the account panel was open when the pop-in appeared, noted by the page itself.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const titles = [...document.querySelectorAll('dialog[open]')].map((d) => d.textContent ?? '');
        if (titles.some((t) => t.includes('Les commandes du jour sont terminées'))) {
          (window as unknown as { popinOverPanel?: boolean }).popinOverPanel ??= titles.some((t) => t.includes('Se connecter') || t.includes('Mon compte'));
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    });
    await page.goto('/?volet=compte');
    const account = page.getByRole('dialog', { name: 'Mon compte' });
    await expect(account).toBeVisible();
    // A tap on "Fermer" before the overlays' part of the page is hydrated does nothing yet: again until it closes.
    await expect(async () => {
      await account.getByRole('button', { name: 'Fermer' }).click({ timeout: 1000 });
      await expect(account).toBeHidden({ timeout: 1000 });
    }).toPass();
    const popin = page.getByRole('dialog', { name: 'Les commandes du jour sont terminées' });
    await expect(popin).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { popinOverPanel?: boolean }).popinOverPanel)).toBe(false);
  });
});
