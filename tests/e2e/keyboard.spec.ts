import { expect, test, type Page } from './fixtures';
import type { Menu } from '#shared/api/catalog';
import type { DeliveryLocation } from '#shared/api/delivery';
import { expectValidated, popin, recap } from './checkout-steps';
import { serveMapFixtures } from './map-fixtures';
import { readJson } from './api-read';

/**
 * The keyboard alone: every step below is a key press (Tab, Shift+Tab, Enter, Space, arrows,
 * Escape) or typing into the field that has focus; the page is only read, never clicked or filled.
 */

interface Focused {
  tag: string;
  type: string;
  /** The accessible name as a customer hears it, roughly: aria-label, the label, or the text. */
  name: string;
  /** The legend of the fieldset around it. */
  group: string;
  /** The title of the dialog around it, '' outside any. */
  dialog: string;
}

const focused = (page: Page) =>
  page.evaluate((): Focused => {
    const el = document.activeElement as HTMLElement | null;
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    if (!el || el === document.body) return { tag: 'body', type: '', name: '', group: '', dialog: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent);
    const dialog = el.closest('dialog');
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      name: clean(name),
      group: clean(el.closest('fieldset')?.querySelector('legend')?.textContent),
      dialog: clean(dialog ? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent : ''),
    };
  });

type Match = string | RegExp | ((f: Focused) => boolean);
const matches = (f: Focused, what: Match) => (typeof what === 'function' ? what(f) : typeof what === 'string' ? f.name === what : what.test(f.name));

/** Tab (or Shift+Tab) until the focused element matches; fails with the stops it went through. */
async function tabTo(page: Page, what: Match, { back = false, max = 90 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (matches(f, what)) return f;
    seen.push(`${f.tag}${f.type ? `[${f.type}]` : ''} “${f.name.slice(0, 50)}”`);
  }
  throw new Error(`${String(what)} not reached with ${back ? 'Shift+Tab' : 'Tab'}; went through:\n${seen.join('\n')}`);
}

async function typeInto(page: Page, label: RegExp, text: string) {
  await tabTo(page, (f) => f.tag === 'input' && label.test(f.name));
  await page.keyboard.type(text);
}

test('a whole order with the keyboard only: delivery, formula, signup, card payment', async ({ page, context, request }, info) => {
  test.setTimeout(240_000);
  await serveMapFixtures(context);
  const locations = (await readJson(request, '/api/delivery-locations')) as DeliveryLocation[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length > 0)!;
  const menu = ((await readJson(request, '/api/menus')) as Menu[])[0]!;
  await page.goto('/passer-commande');
  await expect(page.getByRole('heading', { name: 'Passer commande' })).toBeVisible();

  // The delivery point: the selector, a point, its slot, the submit.
  await tabTo(page, 'Choisir un point de livraison');
  await page.keyboard.press('Enter');
  const selector = page.getByRole('dialog', { name: 'Choisir mon point de livraison' });
  await expect(selector).toBeVisible();
  expect((await focused(page)).dialog).toBe('Choisir mon point de livraison');
  await tabTo(page, (f) => f.tag === 'button' && f.name.startsWith(`${locations.indexOf(location) + 1}${location.name}`));
  await page.keyboard.press('Enter');
  await expect(selector.getByRole('group', { name: `Créneaux à ${location.name}` })).toBeVisible();
  if (location.deliveries.length > 1) {
    await tabTo(page, (f) => f.type === 'radio' && f.group === `Créneaux à ${location.name}`);
    // Arrows move through the slots and check the one they land on; Space checks the first one.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
  }
  await tabTo(page, 'Valider ce point de livraison');
  await page.keyboard.press('Enter');
  await expect(selector).toHaveCount(0);
  // The snackbar says it, politely.
  const saved = page.getByRole('status').filter({ hasText: 'Point de livraison enregistré' });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveAttribute('aria-live', 'polite');

  // A formula: each course's first dish, then the cart.
  await tabTo(page, `Composer la formule ${menu.name}`);
  await page.keyboard.press('Enter');
  const composer = page.getByRole('dialog', { name: 'Composer ma formule' });
  await expect(composer.getByRole('form', { name: `Composer la formule ${menu.name}` })).toBeVisible();
  for (const category of menu.categories.filter((c) => c.required)) {
    await tabTo(page, (f) => f.type === 'radio' && f.group.startsWith(category.name));
    await page.keyboard.press('Space');
  }
  await tabTo(page, 'Ajouter au panier');
  await page.keyboard.press('Enter');
  await expect(composer).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Ajouté au panier' })).toBeVisible();
  // Back to the composer's opener.
  expect((await focused(page)).name).toBe(`Composer la formule ${menu.name}`);

  // The cart, from the header behind.
  await tabTo(page, /^Panier, 1 article/, { back: true });
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(cart).toBeVisible();
  // A quantity changed from the keyboard: the cart answers, and focus stays on the button pressed.
  const more = await tabTo(page, /^Un de plus : /);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Panier, 2 articles/ })).toBeAttached();
  expect(await focused(page)).toEqual(more);
  const less = await tabTo(page, /^Un de moins : /, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Panier, 1 article/ })).toBeAttached();
  expect(await focused(page)).toEqual(less);
  await tabTo(page, 'Passer au paiement');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Mon compte' })).toBeVisible();
  // The button pressed is gone with the cart's panel: the login panel's first field has the focus.
  await expect.poll(async () => (await focused(page)).name).toMatch(/^E-mail/);
  await tabTo(page, 'Créer un compte');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Nouveau compte' })).toBeVisible();

  // Signing up: the first field has the focus, each next one is reached by Tab and typed into.
  await expect.poll(async () => (await focused(page)).name).toMatch(/^Prénom/);
  await page.keyboard.type('Léa');
  await typeInto(page, /^Nom/, 'Clavier');
  await typeInto(page, /^Téléphone/, '06 12 34 56 78');
  await typeInto(page, /^E-mail/, `clavier-${info.project.name}-${Date.now()}@example.fr`);
  await typeInto(page, /^Mot de passe/, 'tartine-42');
  await typeInto(page, /^Confirmation du mot de passe/, 'tartine-42');
  await tabTo(page, (f) => f.type === 'checkbox');
  await page.keyboard.press('Space');
  await tabTo(page, 'Créer mon compte');
  await page.keyboard.press('Enter');

  // Signed up from the cart: on to the recap, then the card provider's page.
  await expect(recap(page)).toBeVisible({ timeout: 15_000 });
  await tabTo(page, 'CB / Tickets restaurant');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/__sandbox\/paygreen\/pay\/po_/);
  await tabTo(page, 'Payer avec la carte de test');
  await page.keyboard.press('Enter');
  await expectValidated(page, location.name);
  await tabTo(page, 'Super !');
  await page.keyboard.press('Enter');
  await expect(popin(page)).toHaveCount(0);
  // The pop-in opened on the page's return from the provider, with no opener: the page's main
  // region takes the focus back, not the top of the document.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
});

test('the header’s address field takes the keyboard focus without opening a pop-in: typing stays in it', async ({ page }) => {
  await page.goto('/notre-concept');
  const suggestion = page.getByRole('dialog', { name: 'Où voulez-vous déjeuner ?' });
  // A pop-in opens on a deliberate action (a tap or a click), not on Tab (docs/product/delivery.md).
  await tabTo(page, (f) => f.dialog === 'Où voulez-vous déjeuner ?' || (f.tag === 'input' && f.type === 'search'));
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', type: 'search', dialog: '' });
  await page.keyboard.type('Gerland');
  await expect(suggestion).toHaveCount(0);
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', type: 'search', dialog: '' });
  await expect(page.getByRole('banner').getByPlaceholder('Entrez votre adresse ou le nom de votre entreprise')).toHaveValue('Gerland');
});

interface Opener {
  /** The button or link that opens it, reached with Tab from the top of the page. */
  opener: string | RegExp;
  dialog: string | RegExp;
  phoneOnly?: boolean;
}

const OPENERS: Opener[] = [
  { opener: /^Panier, 0 article/, dialog: 'Mon panier' },
  { opener: 'Se connecter', dialog: 'Mon compte' },
  { opener: 'Ouvrir le menu', dialog: 'Menu', phoneOnly: true },
  { opener: 'Choisir un point de livraison', dialog: 'Choisir mon point de livraison' },
  { opener: /^Composer la formule /, dialog: 'Composer ma formule' },
];

test('focus stays in an open modal (Tab from the last control goes to the first) and goes back to the opener on close', async ({ page, context, isMobile }) => {
  test.setTimeout(180_000);
  await serveMapFixtures(context);
  await page.goto('/passer-commande');
  await expect(page.getByRole('heading', { name: 'Passer commande' })).toBeVisible();
  for (const { opener, dialog, phoneOnly } of OPENERS) {
    if (phoneOnly && !isMobile) continue;
    const from = await tabTo(page, opener, { max: 150 });
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: dialog });
    await expect(modal).toBeVisible();
    // What loads lazily inside and shows has arrived (a phone's map waits behind its switch).
    await expect(modal.getByText(/^Chargement/).filter({ visible: true })).toHaveCount(0);
    const first = await focused(page);
    expect(first.dialog, `focus moves into “${String(dialog)}”`).not.toBe('');

    // Shift+Tab from the first stop reaches the last; Tab from there comes back to the first.
    await page.keyboard.press('Shift+Tab');
    const last = await focused(page);
    expect(last.dialog, `Shift+Tab stays in “${String(dialog)}”`).toBe(first.dialog);
    await page.keyboard.press('Tab');
    expect(await focused(page), `Tab from the last stop of “${String(dialog)}” goes to the first`).toEqual(first);
    // A full round never leaves the dialog. The page notes where each Tab lands (the dialog around
    // the focused element, on the key's release, once focus has moved) and the notes are read once
    // at the end: a read from the test after each press doubled the round trips of the round.
    const stops = await modal.evaluate((node) => node.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]').length);
    await page.evaluate(() => {
      const here = window as unknown as { tabNotes?: string[] };
      if (!here.tabNotes) {
        document.addEventListener('keyup', (event) => {
          if (event.key !== 'Tab') return;
          const dialog = document.activeElement?.closest('dialog');
          const title = dialog ? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent : '';
          here.tabNotes!.push((title ?? '').replace(/\s+/g, ' ').trim());
        });
      }
      here.tabNotes = [];
    });
    for (let i = 0; i < stops + 1; i++) await page.keyboard.press('Tab');
    const notes = await page.evaluate(() => (window as unknown as { tabNotes: string[] }).tabNotes);
    expect(notes, `every Tab of a full round stays in “${String(dialog)}”`).toEqual(Array(stops + 1).fill(first.dialog));

    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    expect(await focused(page), `closing “${String(dialog)}” gives focus back to its opener`).toEqual(from);
  }
});
