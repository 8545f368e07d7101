import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { CONTACT_MESSAGES, MAX_FILE_BYTES, isJobType } from '#shared/api/contact';
import { MESSAGES } from '#shared/api/messages';
import { docx, executable, pdf } from '../fixtures/upload-files';
import { readJson } from './api-read';

const DEMO = { email: 'demo@popote.fr', password: 'popote-demo' };
let counter = 0;
/** An address of its own per test and project (the e2e server keeps one database for the run). */
const freshEmail = (project: string) => `contact-${project}-${Date.now()}-${++counter}@example.fr`;

interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string }[];
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  return (await readJson(request, `/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`)) as Mail[];
}

/** The team's mail about a sender (the newest first). */
async function teamMail(request: APIRequestContext, team: string, sender: string): Promise<Mail | undefined> {
  return (await mailsTo(request, team)).find((m) => m.text.includes(sender));
}

async function fillIdentity(form: Locator, email: string) {
  await form.getByLabel('Prénom').fill('Léa');
  await form.getByLabel(/^Nom\b/).fill('Durand');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
}

/** The subject list's labels a form should offer: the job ones or the others, after the prompt. */
async function subjects(request: APIRequestContext, jobs: boolean): Promise<string[]> {
  const types = ((await readJson(request, '/api/state')) as { contact_types: Record<string, string> }).contact_types;
  return ['Choisissez l’objet de votre message', ...Object.entries(types).filter(([key]) => isJobType(key) === jobs).map(([, label]) => label)];
}

/** Counts the calls of the contact form and the token refreshes, in order. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path === '/api/contact' || path === '/api/landing-page/contact' || path === '/api/csrf-cookie') calls.push(`${res.request().method()} ${path} ${res.status()}`);
  });
  return calls;
}

test('/contact: the required marks and messages, then a message sent, mailed to the team and acknowledged', async ({ page, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await expect(form.getByText('Objet *')).toBeVisible();
  // Customer-service subjects only: applications have their own form.
  await expect(form.getByLabel('Objet').locator('option')).toHaveText(await subjects(request, false));
  await expect(form.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/politique-de-confidentialite');
  await expect(form.getByRole('checkbox', { name: 'Je souhaite être rappelé(e)' })).toBeChecked();

  // Sent empty: each field says what it needs, nothing leaves.
  const calls = recordCalls(page);
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByText(MESSAGES.requestType)).toBeVisible();
  await expect(form.getByText(MESSAGES.required('prénom'))).toBeVisible();
  await expect(form.getByText(MESSAGES.required('nom'))).toBeVisible();
  await expect(form.getByText(MESSAGES.email)).toBeVisible();
  await expect(form.getByText(MESSAGES.phone)).toBeVisible();
  await expect(form.getByText(MESSAGES.required('message'))).toBeVisible();
  expect(calls).toEqual([]);

  await form.getByLabel('Objet').selectOption({ label: 'Livraison et points de livraison' });
  await fillIdentity(form, email);
  await form.getByLabel('Message').fill('Pouvez-vous livrer rue Garibaldi le vendredi ?');
  await form.getByRole('checkbox', { name: 'Je souhaite être rappelé(e)' }).uncheck();
  await form.screenshot({ path: `/tmp/shots/${info.project.name}-contact-page.png` });
  // The answer held until the sending state has been seen.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/contact', async (route) => {
    await answered;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByRole('button', { name: CONTACT_MESSAGES.sending })).toBeDisabled();
  answer();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();
  // 2 seconds, then the button returns on an emptied form.
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeHidden({ timeout: 4000 });
  await expect(form.getByRole('button', { name: 'Envoyer mon message' })).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
  expect(calls).toEqual(['POST /api/contact 201']);

  const team = await teamMail(request, 'bonjour@popote.fr', email);
  expect(team?.subject).toBe('[Contact] Livraison et points de livraison — Léa Durand');
  expect(team?.text).toContain('Pouvez-vous livrer rue Garibaldi le vendredi ?');
  expect(team?.text).toContain('Souhaite être rappelé : non');
  expect((await mailsTo(request, email)).map((m) => m.subject)).toEqual(['Nous avons bien reçu votre message']);
});

test('/rejoignez-nous: an application with two files, each shown with its size, mailed with both', async ({ page, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/rejoignez-nous');
  const form = page.getByRole('form', { name: 'Candidature' });
  await expect(form.getByLabel('Objet')).toHaveValue('job');
  // Nothing to drag files from on a phone: the picker's wording follows the screen.
  const phone = info.project.name === 'phone';
  await expect(form.getByText('Glissez vos fichiers ici')).toBeVisible({ visible: !phone });
  await expect(form.getByText('Ajoutez vos fichiers')).toBeVisible({ visible: phone });
  // Job subjects only.
  const offered = await subjects(request, true);
  expect(offered).toContain('Candidature');
  await expect(form.getByLabel('Objet').locator('option')).toHaveText(offered);
  await fillIdentity(form, email);
  await form.getByLabel('Message').fill('Livreuse à vélo depuis trois ans, disponible dès le mois prochain.');
  await form.getByLabel('Ajouter des fichiers').setInputFiles([
    { name: 'CV Léa Durand.pdf', mimeType: 'application/pdf', buffer: pdf(240_000) },
    { name: 'Lettre de motivation.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx() },
  ]);
  const list = form.getByRole('list', { name: 'Fichiers joints' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('CV Léa Durand.pdf');
  await expect(list.getByRole('listitem').first()).toContainText('234 Ko');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Lettre de motivation.docx');
  await form.screenshot({ path: `/tmp/shots/${info.project.name}-contact-apply-files.png` });

  // A third file is one too many; the others stay.
  await form.getByLabel('Ajouter des fichiers').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(form.getByRole('alert')).toContainText(CONTACT_MESSAGES.tooManyFiles);
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();
  await expect(list).toBeHidden();

  const team = await teamMail(request, 'recrutement@popote.fr', email);
  expect(team?.subject).toBe('[Candidature] Léa Durand');
  expect(team?.attachments).toEqual([
    { filename: 'CV Léa Durand.pdf', content_type: 'application/pdf' },
    { filename: 'Lettre de motivation.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  ]);
  expect((await mailsTo(request, email)).map((m) => m.subject)).toEqual(['Nous avons bien reçu votre candidature']);
});

/**
 * Files on disk for the picker, each step in a folder of its own (a name may come back with other
 * content; a file the page holds is not rewritten under it). Given by path, the browser reads them
 * from the disk: given as buffers, the 11 MB of the size test crossed the protocol in base64 and
 * were rebuilt inside the page (the test took 25 s on a loaded machine, 9.5 s by path).
 */
function filesOnDisk(dir: string, step: string, files: { name: string; buffer: Buffer }[]): string[] {
  mkdirSync(join(dir, step));
  return files.map(({ name, buffer }) => {
    const path = join(dir, step, name);
    writeFileSync(path, buffer);
    return path;
  });
}

test('/rejoignez-nous: a file too big or of a refused type is not added; over 5 MB in all disables sending', async ({ page }, info) => {
  const dir = mkdtempSync(join(tmpdir(), 'popote-e2e-upload-'));
  try {
    await page.goto('/rejoignez-nous');
    const form = page.getByRole('form', { name: 'Candidature' });
    const picker = form.getByLabel('Ajouter des fichiers');
    // By path, the browser types a file by its extension: application/pdf for each of these.
    await picker.setInputFiles(filesOnDisk(dir, 'big', [{ name: 'enorme.pdf', buffer: pdf(MAX_FILE_BYTES + 1) }]));
    await expect(form.getByRole('alert')).toContainText(CONTACT_MESSAGES.fileTooBig);
    await picker.setInputFiles(filesOnDisk(dir, 'refused', [{ name: 'cv.pdf', buffer: executable() }]));
    await expect(form.getByRole('alert')).toContainText(CONTACT_MESSAGES.fileType);
    await expect(form.getByRole('list', { name: 'Fichiers joints' })).toBeHidden();

    await picker.setInputFiles(
      filesOnDisk(dir, 'total', [
        { name: 'cv.pdf', buffer: pdf(3 * 1024 * 1024) },
        { name: 'portfolio.pdf', buffer: pdf(3 * 1024 * 1024) },
      ]),
    );
    await expect(form.getByText(CONTACT_MESSAGES.totalTooBig)).toBeVisible();
    const send = form.getByRole('button', { name: 'Envoyer ma candidature' });
    await expect(send).toBeDisabled();
    await form.screenshot({ path: `/tmp/shots/${info.project.name}-contact-apply-too-big.png` });
    await form.getByRole('button', { name: 'Retirer portfolio.pdf' }).click();
    await expect(form.getByText(CONTACT_MESSAGES.totalTooBig)).toBeHidden();
    await expect(send).toBeEnabled();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an expired anti-forgery token: one refresh, one retry, and the message goes', async ({ page, context, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Objet').selectOption({ label: 'La consigne' });
  await fillIdentity(form, email);
  await form.getByLabel('Message').fill('Combien de contenants puis-je rendre à la fois ?');
  // The token the page holds no longer matches its session.
  await context.addCookies([{ name: 'XSRF-TOKEN', value: 'expire', domain: 'localhost', path: '/' }]);
  const calls = recordCalls(page);
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();
  expect(calls).toEqual(['POST /api/contact 419', 'GET /api/csrf-cookie 204', 'POST /api/contact 201']);
  expect((await mailsTo(request, email)).map((m) => m.subject)).toEqual(['Nous avons bien reçu votre message']);
});

test('a send that fails twice shows the error snackbar and the server’s answer, and sends no more; without network it says so and keeps the message', async ({ page }, info) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Objet').selectOption({ label: 'Autre demande' });
  await fillIdentity(form, freshEmail(info.project.name));
  await form.getByLabel('Message').fill('Bonjour !');
  let attempts = 0;
  await page.route('**/api/contact', async (route) => {
    attempts++;
    await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
  });
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  const snackbar = page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.failureTitle });
  await expect(snackbar).toContainText(CONTACT_MESSAGES.serverFailure);
  await expect(form.getByRole('alert')).toHaveText(CONTACT_MESSAGES.uploadError(502));
  await expect(form.getByRole('button', { name: 'Envoyer mon message' })).toBeEnabled();
  expect(attempts).toBe(2);

  // No answer at all: the network is said to have failed (not the input), the message stays, and
  // the retry is the same request (one idempotency key: a lost answer is given back, counted once).
  await page.unroute('**/api/contact');
  const keys: (string | undefined)[] = [];
  await page.route('**/api/contact', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    await route.abort('internetdisconnected');
  });
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.networkFailure })).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Bonjour !');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
});

test('the account’s help button opens the contact form in its account mode', async ({ page, request }, info) => {
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel('E-mail').fill(DEMO.email);
  await login.getByLabel('Mot de passe').fill(DEMO.password);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(async () => {
    if (!(await account.isVisible())) await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
    await expect(account.getByRole('button', { name: 'Besoin d’aide ?' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await account.getByRole('button', { name: 'Besoin d’aide ?' }).click();

  const modal = page.getByRole('dialog', { name: 'Besoin d’aide ?' });
  await expect(modal).toBeVisible();
  await expect(account).toBeHidden();
  const form = modal.getByRole('form', { name: 'Formulaire de contact' });
  // The customer's identity is the account's: no fields for it.
  await expect(form.getByLabel('E-mail')).toHaveCount(0);
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText(MESSAGES.requestType)).toBeVisible();
  await form.getByLabel('Objet').selectOption({ label: 'Facturation et paiement' });
  const text = `Facture pour ma commande, envoi ${info.project.name}-${Date.now()}`;
  await form.getByLabel('Message').fill(text);
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-contact-account.png` });
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();

  const team = await teamMail(request, 'bonjour@popote.fr', text);
  // The demo customer of the seed.
  expect(team?.subject).toBe('[Contact] Facturation et paiement — Camille Martin');
  expect(team?.text).toContain(`<${DEMO.email}>`);

  // On /contact the customer's details fill the identity fields, and never replace what they typed.
  await page.goto('/contact');
  const contact = page.getByRole('form', { name: 'Formulaire de contact' });
  await expect(contact.getByLabel('E-mail')).toHaveValue(DEMO.email);
  await expect(contact.getByLabel('Prénom')).toHaveValue('Camille');
  await expect(contact.getByLabel(/^Nom\b/)).toHaveValue('Martin');
  await expect(contact.getByLabel('Téléphone')).not.toHaveValue('');
  await contact.getByLabel('E-mail').fill('camille.pro@example.fr');
  await page.reload();
  await expect(contact.getByLabel('E-mail')).toHaveValue('camille.pro@example.fr');
  await expect(contact.getByLabel('Prénom')).toHaveValue('Camille');
});

test('/entreprises: a company asks for a private delivery point', async ({ page, request }, info) => {
  const email = freshEmail(info.project.name);
  await page.goto('/entreprises');
  const form = page.getByRole('form', { name: 'Demande de point de livraison' });
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText(MESSAGES.required('entreprise'))).toBeVisible();
  await expect(form.getByText('Indiquez le nombre approximatif de salariés présents sur le site.')).toBeVisible();

  await form.getByLabel('Entreprise').fill('Atelier Lumière');
  await form.getByLabel('Salariés sur le site').fill('45');
  await form.getByLabel('Nom et prénom').fill('Camille Bernard');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Téléphone').fill('04 72 00 00 00');
  await form.getByLabel('Message').fill('Site de Gerland, 12 rue du Vercors, déjeuner entre 12 h et 13 h 30.');
  await form.screenshot({ path: `/tmp/shots/${info.project.name}-contact-entreprises.png` });
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();

  const team = await teamMail(request, 'entreprises@popote.fr', email);
  expect(team?.subject).toBe('[Entreprise] Atelier Lumière — 45 salariés');
  expect((await mailsTo(request, email)).map((m) => m.subject)).toEqual(['Votre demande de point de livraison Popote']);
});

test('a message being written survives a reload of the tab, and is gone once sent', async ({ page }, info) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  const email = freshEmail(info.project.name);
  await form.getByLabel('Objet').selectOption({ label: 'Livraison et points de livraison' });
  await fillIdentity(form, email);
  await form.getByLabel('Message').fill('Un long message qu’une coupure ne doit pas effacer.');
  await page.reload();
  await expect(form.getByLabel('Message')).toHaveValue('Un long message qu’une coupure ne doit pas effacer.');
  await expect(form.getByLabel('E-mail')).toHaveValue(email);
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByText(CONTACT_MESSAGES.success)).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Message')).toHaveValue('');
});
