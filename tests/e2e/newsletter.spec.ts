import { expect, test, type Page } from './fixtures';
import { NEWSLETTER_MESSAGE_MS } from '#shared/constants';

/**
 * The page's timers run on Playwright's clock (installed before the page loads, running as time
 * does). It stops when the sign-up's answer reaches the page (the answer is held until then): the
 * message's 2 seconds pass when the test moves the clock, to the millisecond, and are never waited
 * for. Not before the tap: a busy server may shed a call first (503), and the app asks again after
 * a timer, which a stopped clock would never fire. `answer`: what to answer instead of the server.
 */
async function stopTheClockOnAnswer(page: Page, answer?: { status: number; json: unknown }) {
  await page.route('**/api/newsletter', async (route) => {
    const response = answer ? null : await route.fetch();
    if (response && [429, 503].includes(response.status())) return route.fulfill({ response });
    await page.clock.pauseAt(Date.now() + 1_000);
    await (response ? route.fulfill({ response }) : route.fulfill(answer!));
  });
}

test.describe('footer newsletter', () => {
  test('a valid email shows the success message for 2 seconds, then the form returns', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Votre adresse e-mail').fill(`e2e-${Date.now()}@example.fr`);
    await stopTheClockOnAnswer(page);
    await footer.getByRole('button', { name: 'Je m’inscris' }).click();
    const success = footer.getByText('Vous êtes bien inscrit. :)');
    await expect(success).toBeVisible();
    await page.clock.runFor(NEWSLETTER_MESSAGE_MS - 1);
    await expect(success).toBeVisible();
    await page.clock.runFor(1);
    await expect(success).toBeHidden();
    await expect(footer.getByLabel('Votre adresse e-mail')).toHaveValue('');
  });

  test('an invalid email gets the e-mail rule’s message on the field, before and after the server', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByLabel('Votre adresse e-mail');
    const calls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/newsletter') calls.push(req.method());
    });
    await field.fill('pas-une-adresse');
    await footer.getByRole('button', { name: 'Je m’inscris' }).click();
    await expect(footer.getByText('Merci de saisir une adresse email valide. Promis, pas de spam.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Merci de saisir une adresse email valide. Promis, pas de spam.');
    await expect(field).toBeFocused();
    expect(calls).toEqual([]);
    // The server's refusal of an address (its 422) reads the same.
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 422, json: { message: 'Les données envoyées sont invalides.', errors: { email: ['Merci de saisir une adresse email valide. Promis, pas de spam.'] } } }),
    );
    await field.fill('lea@example.fr');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await footer.getByRole('button', { name: 'Je m’inscris' }).click();
    await expect(footer.getByText('Merci de saisir une adresse email valide. Promis, pas de spam.')).toBeVisible();
    await expect(field).toHaveValue('lea@example.fr');
  });

  test('a failure of another kind shows the failure message for 2 seconds, then the form returns', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Votre adresse e-mail').fill('lea@example.fr');
    await stopTheClockOnAnswer(page, { status: 500, json: { message: 'Une erreur est survenue de notre côté.' } });
    await footer.getByRole('button', { name: 'Je m’inscris' }).click();
    const failure = footer.getByText('Il y a eu un problème lors de votre inscription');
    await expect(failure).toBeVisible();
    await page.clock.runFor(NEWSLETTER_MESSAGE_MS - 1);
    await expect(failure).toBeVisible();
    await page.clock.runFor(1);
    await expect(footer.getByLabel('Votre adresse e-mail')).toBeVisible();
  });
});

test('an address typed into the footer before its form has hydrated is kept and sent', async ({ page }) => {
  // The footer hydrates in a later pass, once the form's own chunk is there: held back here, so
  // the field the server drew is typed into first, as a quick customer on a slow line would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/newsletter-form-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/newsletter') sent.push(request.postDataJSON());
  });
  const address = `rapide-${Date.now()}@example.fr`;
  await page.goto('/');
  const field = page.getByRole('contentinfo').getByLabel('Votre adresse e-mail');
  await field.fill(address);
  release();
  // React's own mark on the field: the form has taken it over.
  await page.waitForFunction(() => {
    const input = document.querySelector('footer input[type="email"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(field).toHaveValue(address);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Je m’inscris' }).click();
  await expect(page.getByRole('contentinfo').getByText('Vous êtes bien inscrit. :)')).toBeVisible();
  expect(sent).toEqual([{ email: address }]);
});
