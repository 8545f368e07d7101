import { parisInstant } from '#shared/time';
import { expect, test, type Page } from './flaky-network';
import { bag, customerCalls, hydrated, order, outbox, privateDay, privateTour } from './round-steps';
import { checkScreen } from './screen-check';
import { logInTeam, TEAM_PASSWORD } from './team-steps';
import { readJson } from './api-read';

/**
 * The courier's phone on a bad line, past what round.spec.ts covers: the session ending (12 h)
 * with actions waiting, the round kept when a new build's worker has cleaned the old one's pages,
 * and a phone that refuses IndexedDB. Phone only (what is tested does not change with the width).
 */

test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/shots/round-phone';

/** Every IndexedDB opening refused, as a browser with all site data blocked does. */
const refuseIndexedDb = () => {
  IDBFactory.prototype.open = function open() {
    throw new DOMException('The user denied permission to access the database.', 'SecurityError');
  };
};

test('the round on a bad line: a session that ends with actions waiting, a new build offline, a phone that refuses storage', async ({ page, context, request, network }, info) => {
  test.setTimeout(150_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/${name}.png` });

  // Three bags on a tour of a day of this spec's own, each a dish paid with one paper voucher.
  const call = customerCalls(request);
  const email = `tournee-tel-${Date.now()}@example.fr`;
  await call('/api/register', { firstname: 'Nour', lastname: 'Haddad', phone: '06 98 76 54 32', email, password: 'tartine-42', password_confirmation: 'tartine-42', cgv: true });
  const day = await privateDay(request, 3);
  await call('/api/login', { email, password: 'tartine-42' });
  const tourName = await privateTour(request, info.retry);
  const [first, second, third] = [await order(request, { dish: true, tickets: 1, tour: tourName }), await order(request, { dish: true, tickets: 1, tour: tourName }), await order(request, { dish: true, tickets: 1, tour: tourName })];

  // The courier opens the round online, the worker in control (it keeps the page and the shell).
  await logInTeam(page, 'livreur@popote.fr');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  const rounds = (await readJson(page.request, `/api/staff/rounds?date=${day}`)) as { rounds: { tour_id: number; name: string }[] };
  const tour = rounds.rounds.find((r) => r.name === tourName)!.tour_id;
  const address = `/equipe/tournee?date=${day}&tour=${tour}`;
  await page.goto(address);
  await expect(bag(page, first.invoice)).toContainText('À remettre');

  // (1) Two bags handed over in a dead zone; meanwhile the 12 h of the session run out.
  network.fail(/./, { kind: 'cut' });
  await context.setOffline(true);
  await bag(page, first.invoice).getByRole('button', { name: 'Remis' }).click();
  await bag(page, second.invoice).getByRole('button', { name: 'Remis' }).click();
  await expect(outbox(page)).toHaveText(/^2 actions en attente d’envoi/);
  expect((await request.post('/__sandbox/clock', { data: { now: parisInstant(day, '21:30').toISOString() } })).ok()).toBe(true);
  network.heal();
  await context.setOffline(false);
  // Back online: the server says the session ended; the login says so, and that the actions wait.
  const login = page.getByRole('form', { name: 'Connexion à Popote Équipe' });
  await expect(login).toBeVisible({ timeout: 30_000 });
  const waiting = page.getByTestId('round-waiting-login');
  await expect(waiting).toHaveText(/^Votre session a pris fin\. 2 actions de tournée de Louis Livreur attendent sur ce téléphone : elles partiront dès que Louis Livreur se reconnectera ici\./);
  await shot(page, 'session-ended');
  await checkScreen(page, 'equipe-tournee-session-finie');
  await login.getByLabel('E-mail').fill('livreur@popote.fr');
  await login.getByLabel('Mot de passe').fill(TEAM_PASSWORD);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  // Logged in again: the round comes back and its actions leave, nothing lost.
  await expect(outbox(page)).toHaveText('Tout est envoyé', { timeout: 30_000 });
  await expect(bag(page, first.invoice)).toContainText('Remis');
  await expect(bag(page, second.invoice)).toContainText('Remis');
  await expect(bag(page, second.invoice)).not.toContainText('pas encore envoyé');

  // (2) A new build takes over: its worker's activation deletes the old build's kept pages. The
  // round's copy on the phone is not the build's (a new build restores it), and relaunched offline
  // the phone shows the round, from the offline shell.
  const kept = await page.evaluate(async () => {
    const pages = (await caches.keys()).filter((name) => name.startsWith('popote-pages-'));
    const copy = await new Promise<{ buster: string } | undefined>((resolve, reject) => {
      const open = indexedDB.open('popote-team');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const read = open.result.transaction('queries').objectStore('queries').get('queries');
        read.onsuccess = () => resolve(read.result as { buster: string } | undefined);
      };
    });
    await Promise.all(pages.map((name) => caches.delete(name)));
    return { builds: pages.map((name) => name.slice('popote-pages-'.length)), buster: copy?.buster };
  });
  expect(kept.builds.length).toBeGreaterThan(0);
  expect(kept.buster).toBeTruthy();
  expect(kept.builds).not.toContain(kept.buster);
  network.fail(/./, { kind: 'cut' });
  await context.setOffline(true);
  await page.reload();
  await expect(bag(page, second.invoice)).toContainText('Remis');
  await expect(page.getByText('Impossible de charger la tournée')).toHaveCount(0);
  await shot(page, 'new-build-offline');
  network.heal();
  await context.setOffline(false);

  // (3) A phone whose browser refuses IndexedDB: said before the first tap; each action then goes
  // at once, the screen waiting for the server; nothing thrown.
  const refused = await context.newPage();
  const thrown: string[] = [];
  refused.on('pageerror', (error) => thrown.push(error.message));
  await refused.addInitScript(refuseIndexedDb);
  await refused.goto(address);
  await hydrated(refused);
  const unkept = refused.getByTestId('round-unkept');
  await expect(unkept).toContainText('Ce téléphone ne garde pas vos actions');
  await shot(refused, 'storage-refused');
  await checkScreen(refused, 'equipe-tournee-stockage-refuse');
  network.fail(/^\/api\/staff\/rounds\/\d+\/events/, { kind: 'delay', ms: 1500 }, { method: 'POST', times: 1 });
  await bag(refused, third.invoice).getByRole('button', { name: 'Remis' }).click();
  // While the server has not answered, no other tap.
  await expect(bag(refused, first.invoice).getByRole('button', { name: 'Corriger les titres' })).toBeDisabled();
  await shot(refused, 'storage-refused-sending');
  await expect(outbox(refused)).toHaveText('Tout est envoyé', { timeout: 30_000 });
  await expect(bag(refused, first.invoice).getByRole('button', { name: 'Corriger les titres' })).toBeEnabled();
  network.heal();
  const round = (await readJson(refused.request, `/api/staff/rounds/${tour}?date=${day}`)) as { stops: { orders: { order_id: number; outcome: string | null }[] }[] };
  expect(round.stops.flatMap((s) => s.orders).find((o) => o.order_id === third.id)?.outcome).toBe('handed_over');
  expect(thrown).toEqual([]);
  await refused.close();
});
