import { expect, test } from '@playwright/test';

test('after one visit, a reload while offline still shows the shell', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims the page on first install; wait until it controls it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le déjeuner fait maison, livré en triporteur près de votre bureau');
  await expect(page.getByRole('banner')).toBeVisible();

  // A deep link opened offline is served by the same shell.
  await page.goto('/notre-concept');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre concept');
  await context.setOffline(false);
});
