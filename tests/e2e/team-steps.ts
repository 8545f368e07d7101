import { expect, type Page } from './fixtures';

/** The demo team's password (admin@, cuisine@, livreur@popote.fr). */
export const TEAM_PASSWORD = 'popote-demo';

/** Logs a team member in through Popote Équipe's own form. */
export async function logInTeam(page: Page, email: string) {
  await page.goto('/equipe');
  const form = page.getByRole('form', { name: 'Connexion à Popote Équipe' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mot de passe').fill(TEAM_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}
