import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.ts';
const base = 'http://localhost:4194';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const [w, h] of [[375, 812], [1280, 800]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await context.newPage();
  for (const path of ['/', '/contact', '/une/page/inconnue', '/equipe']) {
    await page.goto(base + path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30000 });
    await page.screenshot({ path: `/tmp/layouts-shots/${w}-manual${path.replace(/\W+/g, '-')}.png` });
  }
  // An admin's navigation.
  const form = page.getByRole('form', { name: 'Connexion à Popote Équipe' });
  await form.getByLabel('E-mail').fill('admin@popote.fr');
  await form.getByLabel('Mot de passe').fill('popote-demo');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
  await page.goto(base + '/equipe/journal');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: `/tmp/layouts-shots/${w}-manual-equipe-journal-admin.png` });
  await context.close();
}
await browser.close();
