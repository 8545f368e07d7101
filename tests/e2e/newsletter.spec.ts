import { expect, test } from './fixtures';

test.describe('footer newsletter', () => {
  test('a valid email shows the success message for 2 seconds, then the form returns', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Votre adresse e-mail').fill(`e2e-${Date.now()}@example.fr`);
    await footer.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(footer.getByText('Vous êtes bien inscrit. :)')).toBeVisible();
    await expect(footer.getByText('Vous êtes bien inscrit. :)')).toBeHidden({ timeout: 4000 });
    await expect(footer.getByLabel('Votre adresse e-mail')).toHaveValue('');
  });

  test('an invalid email shows the failure message for 2 seconds', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Votre adresse e-mail').fill('pas-une-adresse');
    await footer.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(footer.getByText('Il y a eu un problème lors de votre inscription')).toBeVisible();
    await expect(footer.getByLabel('Votre adresse e-mail')).toBeVisible({ timeout: 4000 });
  });
});
