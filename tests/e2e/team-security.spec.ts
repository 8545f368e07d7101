import { totpCode } from '../../server/lib/totp';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { checkScreen } from './screen-check';
import { logInTeam } from './team-steps';
import { readJson } from './api-read';

/**
 * An admin's account as a bank keeps it (docs/product/team.md): the demo's admin invites a new
 * admin, whose too-common password is refused with why; they choose a better one, enrol their
 * second factor (QR code, the key in text, a code, the recovery codes) and log in again with a
 * code. The code is what their phone would show at the server's time (this test's sandbox scope).
 */

const STRONG = 'ardoise-brume-tricycle-quatorze';

async function serverNow(request: APIRequestContext): Promise<Date> {
  return new Date(((await readJson(request, '/__sandbox/clock')) as { now: string }).now);
}

/** The scope's time moves on, so the next code is a new one (a code is never accepted twice). */
async function nextStep(request: APIRequestContext): Promise<Date> {
  const now = new Date((await serverNow(request)).getTime() + 30_000);
  expect((await request.post('/__sandbox/clock', { data: { now: now.toISOString() } })).ok()).toBe(true);
  return now;
}

async function invitationLink(page: Page, email: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const mails = (await readJson(page.request, `/__sandbox/mailbox.json?to=${encodeURIComponent(email)}`)) as { text: string }[];
      text = mails[0]?.text ?? '';
      return text;
    })
    .toContain('/equipe/bienvenue#');
  return /(http\S+\/equipe\/bienvenue#[\w-]+)/.exec(text)![1]!;
}

test('a new admin: a common password refused with why, then the second factor enrolled and asked at the next login', async ({ page }, info) => {
  test.setTimeout(120_000);
  const email = `admin-${info.project.name}-${Date.now()}@exemple.fr`;

  // The demo's admin invites them.
  await logInTeam(page, 'admin@popote.fr');
  await page.goto('/equipe/membres');
  const invite = page.getByRole('region', { name: 'Inviter un membre' });
  await invite.getByLabel('Nom').fill('Nouvelle Admin');
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Administration').check();
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toContainText('Invitation envoyée');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('form', { name: 'Connexion à Popote Équipe' })).toBeVisible();

  // The invitation: a common password is refused, and the page says why and what to choose.
  await page.goto(await invitationLink(page, email));
  const form = page.getByRole('form', { name: 'Choisir mon mot de passe' });
  const password = form.getByRole('textbox', { name: 'Mot de passe', exact: true });
  await expect(password).toHaveAccessibleDescription(/trois ou quatre mots sans lien entre eux/);
  await password.fill('motdepasse123');
  await form.getByLabel('Confirmez le mot de passe').fill('motdepasse123');
  await form.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/Ce mot de passe est trop facile à deviner\..*Choisissez plutôt trois ou quatre mots/);
  await checkScreen(page, 'equipe-mot-de-passe-refuse');
  await password.fill(STRONG);
  await form.getByLabel('Confirmez le mot de passe').fill(STRONG);
  await form.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe enregistré' })).toBeVisible();
  await page.getByRole('link', { name: 'Activer la vérification en deux étapes' }).click();

  // The enrolment: nothing else opens (no navigation); the QR code and the key in text.
  await expect(page.getByRole('heading', { level: 1, name: 'Activez la vérification en deux étapes' })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Popote Équipe' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^QR code à scanner/ })).toBeVisible();
  const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrol = page.getByRole('form', { name: 'Confirmer la vérification en deux étapes' });
  const code = enrol.getByLabel('Code à 6 chiffres');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await checkScreen(page, 'equipe-double-authentification-activation');
  // A wrong code is announced, on the field.
  await code.fill('000000');
  await enrol.getByRole('button', { name: 'Activer' }).click();
  await expect(enrol.getByRole('alert')).toContainText('Ce code ne correspond pas');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(totpCode(secret, await serverNow(page.request)));
  await enrol.getByRole('button', { name: 'Activer' }).click();

  // The recovery codes, shown once, until the admin says they are kept.
  await expect(page.getByRole('heading', { level: 1, name: 'Vos codes de secours' })).toBeFocused();
  const codes = page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  await checkScreen(page, 'equipe-codes-de-secours');
  const go = page.getByRole('button', { name: 'Continuer vers Popote Équipe' });
  await expect(go).toBeDisabled();
  await page.getByLabel('J’ai mis ces codes en lieu sûr').check();
  await go.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();

  // The next login asks the code after the password.
  const at = await nextStep(page.request);
  const login = page.getByRole('form', { name: 'Connexion à Popote Équipe' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Mot de passe').fill(STRONG);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Popote Équipe' })).toHaveCount(0);
  const step = page.getByRole('form', { name: 'Code de vérification' });
  const field = step.getByLabel('Code à 6 chiffres');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAccessibleDescription(/change toutes les 30 secondes/);
  await checkScreen(page, 'equipe-double-authentification-code');
  await field.fill('123456');
  await step.getByRole('button', { name: 'Valider' }).click();
  await expect(step.getByRole('alert')).toContainText('Ce code ne convient pas');
  await expect(field).toBeFocused();
  await field.fill(totpCode(secret, at));
  await step.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Popote Équipe' }).getByRole('link', { name: 'Équipe' })).toBeVisible();

  // Without the phone: a recovery code, once.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Mot de passe').fill(STRONG);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: 'Je n’ai pas mon téléphone : utiliser un code de secours' }).click();
  const backup = step.getByLabel('Code de secours');
  await expect(backup).toBeFocused();
  await backup.fill(recovery);
  await step.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
});
