import { expect, test } from './fixtures';
import { readJson } from './api-read';

// Every route of the spec shows its title, the footer and the sandbox's note: checked where the
// same page is loaded for axe and the layout (accessibility.spec.ts), not in a page load of its own.

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/cette-page-nexiste-pas/vraiment');
  await expect(page.getByRole('heading', { level: 1, name: 'Oups' })).toBeVisible();
  await expect(page).toHaveTitle('Page introuvable — Popote');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText(/Le vent nous a emportés un peu trop loin/)).toBeVisible();
  await page.getByRole('link', { name: "Revenir à l'accueil" }).click();
  await expect(page).toHaveURL('/');
});

test('header, menu and footer navigation follow the spec', async ({ page, isMobile }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Notre concept', 'Zones de livraison', 'Contactez-nous', 'Nous rejoindre', 'Conditions générales de vente', 'Politique de confidentialité', 'Mentions légales']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  for (const name of ['Facebook', 'Twitter', 'Instagram', 'YouTube']) {
    await expect(footer.getByRole('link', { name: `Popote sur ${name}` })).toHaveAttribute('href', /^https:\/\//);
  }
  for (const text of ['Paiement sécurisé', 'Livraison offerte', 'Tickets restaurant acceptés']) await expect(footer.getByText(text)).toBeVisible();
  await expect(footer.getByRole('img', { name: 'Edenred' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('0');

  if (isMobile) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Nos formules du jour', 'Notre concept', 'La consigne', 'Plateaux repas', 'Entreprises', 'Nos points de livraison', 'Contactez-nous', 'Rejoignez-nous']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'La consigne' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else {
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const name of ['Notre Concept', 'La consigne', 'Plateaux repas', 'Entreprises', 'Nos points de livraison']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'La consigne' }).click();
  }
  await expect(page).toHaveURL('/la-consigne');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La consigne');
});

test('the cart opens in the page’s address over the dimmed page; a click there, or the back button, closes it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Panier/ }).click();
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart.getByText('Votre panier est vide')).toBeVisible();
  await expect(page).toHaveURL('/?volet=panier');
  // Modal: the page behind is out of reach until it closes.
  expect(await cart.evaluate((node) => node.matches(':modal'))).toBe(true);
  await page.mouse.click(10, 400);
  await expect(cart).toHaveCount(0);
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: /Panier/ }).click();
  await expect(cart).toBeVisible();
  await page.goBack();
  await expect(cart).toHaveCount(0);
  await expect(page).toHaveURL('/');
  await page.goForward();
  await expect(cart).toBeVisible();
  await cart.getByRole('link', { name: 'Commander' }).click();
  await expect(page).toHaveURL('/passer-commande');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a panel opened before the overlays are hydrated is drawn without a hydration mismatch', async ({ page }) => {
  // The overlays' Suspense boundary hydrates in a pass of its own, once its lazy parts (the shop's
  // news among them) have come: held back here, the cart is opened before it is hydrated.
  let release = () => {};
  let holding = false;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/shop-news-[^/]+\.js$/, async (route) => {
    holding = true;
    await held;
    await route.continue();
  });
  await page.goto('/');
  // Renamed or merged into another chunk, it would no longer hold the boundary back.
  expect(holding).toBe(true);
  await page.getByRole('button', { name: /Panier/ }).click();
  await expect(page).toHaveURL('/?volet=panier');
  release();
  await expect(page.getByRole('dialog', { name: 'Mon panier' })).toBeVisible();
  // The fixture fails the test on a hydration error (React's #418, the boundary drawn again).
});

test('Escape closes a modal and gives focus back to its opener', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: /Panier/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Mon panier' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a tap on « Ajouter » before the app has taken the page over is held, then made once', async ({ page }) => {
  // A first visit whose scripts crawl: none arrives until the tap is made.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The shop's news is hydrated in a later boundary (the overlays', with the notices): it arrives
  // once the held tap is made, as on a phone whose last chunks crawl. The notice it queued
  // (« Ajouté au panier ») must not break that boundary's hydration.
  let releaseLater = () => {};
  const later = new Promise<void>((resolve) => (releaseLater = resolve));
  await page.route(/\/assets\/shop-news-[^/]+\.js$/, async (route) => {
    await later;
    await route.continue();
  });
  // The fixture's goto waits for hydration, which waits for the scripts: not awaited yet.
  const loading = page.goto('/passer-commande', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: /^Ajouter au panier : / }).first();
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  release();
  await loading;
  await expect(page.getByRole('button', { name: 'Panier, 1 article' })).toBeVisible();
  await expect(add).not.toHaveAttribute('aria-busy');
  releaseLater();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Ajouté au panier' })).toBeVisible();
  const cart = (await readJson(page.request, '/api/cart')) as { products: { quantity: number }[] };
  expect(cart.products.map((line) => line.quantity)).toEqual([1]);
});
