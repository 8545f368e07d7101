import { formatEuros } from '#shared/money';
import { frenchLongDate, parisInstant } from '#shared/time';
import { expect, test, type BrowserContext, type Page } from './flaky-network';
import { bag, customerCalls, hydrated, keptEvents, order, outbox, privateDay, privateTour, staffCalls } from './round-steps';
import { serveMapFixtures } from './map-fixtures';
import { checkScreen } from './screen-check';
import { logInTeam, TEAM_PASSWORD } from './team-steps';
import { readJson } from './api-read';

/**
 * The courier's round on the phone, offline first (/equipe/tournee): a customer who pays with paper
 * vouchers and gives back containers, a courier who records the stop with no network at all,
 * reloads, closes the browser and opens it again, and whose actions reach the server once when
 * the network returns, even when an answer is lost; then the round is closed and the customer's
 * account settled. Through the QA proxy (docs/qa-network.md), the service worker allowed.
 */

test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/shots/round';

/**
 * The customer's account panel, opened (and open): past the day's last cut-off, the pop-in saying
 * the day's orders are over comes first and is put aside.
 */
async function openAccount(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(async () => {
    const closed = page.getByRole('button', { name: 'Voir la carte quand même' });
    if (await closed.isVisible()) await closed.click({ timeout: 1000 });
    if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Mon compte', exact: true }).click({ timeout: 1000 });
    await expect(panel.getByRole('button', { name: 'Se déconnecter' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  return panel;
}

test('a courier records a stop with no network, keeps it across a reload and a restart, sends it once, closes the round: the customer is settled', async ({
  page,
  context,
  browser,
  request,
  network,
  proxy,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  // What the courier sees (the viewport, 375 × 812 or 1280 × 800), the part named in view.
  const shot = async (p: Page, name: string, part: ReturnType<Page['locator']>) => {
    await part.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  };

  // (1) A customer orders two formulas today: two containers of theirs, back once delivered. On
  // the test's private day, a formula paid with two paper vouchers, the two containers given back;
  // and a dish (one voucher) the shop will cancel while the courier is out.
  const email = `tournee-${info.project.name}-${Date.now()}@example.fr`;
  const call = customerCalls(request);
  await call('/api/register', { firstname: 'Léa', lastname: 'Durand', phone: '06 12 34 56 78', email, password: 'tartine-42', password_confirmation: 'tartine-42', cgv: true });
  await call('/api/login', { email, password: 'tartine-42' });
  await order(request, { formulas: 2, tickets: 2 });
  expect(((await readJson(request, '/api/me')) as { deposits: number; orders: unknown[] })).toMatchObject({ deposits: 2 });
  const day = await privateDay(request);
  const tourName = await privateTour(request, (info.project.name === 'phone' ? 0 : 1) + 2 * (info.retry + info.repeatEachIndex));
  // Days later by the sandbox's clock: the session has ended, the customer logs in again.
  await call('/api/login', { email, password: 'tartine-42' });
  const paid = await order(request, { formulas: 1, returned: 2, tickets: 2, tour: tourName });
  const cancelled = await order(request, { dish: true, tickets: 1, tour: tourName });
  const before = (await readJson(request, '/api/me')) as { pool: number; deposits: number };
  expect(before.deposits).toBe(1);

  // (2) The courier opens the round online; the service worker in control keeps the page.
  await logInTeam(page, 'livreur@popote.fr');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  const rounds = (await readJson(page.request, `/api/staff/rounds?date=${day}`)) as { rounds: { tour_id: number; name: string; bags: number }[] };
  const mine = rounds.rounds.find((r) => r.name === tourName)!;
  expect(mine.bags).toBe(2);
  const tour = mine.tour_id;
  const address = `/equipe/tournee?date=${day}&tour=${tour}`;
  await page.goto(address);
  await expect(bag(page, paid.invoice)).toContainText('À remettre');
  await expect(bag(page, paid.invoice)).toContainText(`Titres papier déclarés2 × `);
  await expect(bag(page, paid.invoice)).toContainText('Contenants à récupérer2');
  await expect(outbox(page)).toHaveText('Tout est envoyé');

  // The round's map, opened on demand: the stops numbered in the round's order; a pin brings its
  // stop into view. (Its tiles come from the map service's fixtures, in its real format.)
  const mapService = await serveMapFixtures(context);
  const shown = (await readJson(page.request, `/api/staff/rounds/${tour}?date=${day}`)) as { stops: { rank: number; name: string; lat: number | null }[] };
  const placed = shown.stops.filter((s) => s.lat !== null);
  await page.getByText('Carte des arrêts', { exact: true }).click();
  const map = page.getByTestId('round-map');
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(map.getByRole('button', { name: /^Arrêt \d+ : / })).toHaveCount(placed.length);
  await expect.poll(mapService.tiles).toBeGreaterThan(0);
  await shot(page, 'map', map);
  await map.getByRole('button', { name: `Arrêt ${placed[0]!.rank} : ${placed[0]!.name}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Arrêt ${placed[0]!.rank} `) })).toBeFocused();
  await page.getByText('Carte des arrêts', { exact: true }).click();

  // An admin in the office (another browser, on the test's sandbox scope), who will cancel the
  // dish's order while the courier is out: the phone will not know.
  const scopeCookies = (await context.storageState()).cookies.filter((c) => c.name === 'popote_sandbox_scope');
  expect(scopeCookies).toHaveLength(1);
  const office = await browser.newContext({ baseURL, storageState: { cookies: scopeCookies, origins: [] } });
  const adminCalls = staffCalls(office.request);
  await adminCalls('/api/staff/login', { email: 'admin@popote.fr', password: TEAM_PASSWORD });

  // (3) No network at all, the browser knows it and every request is cut at the proxy too.
  network.fail(/./, { kind: 'cut' });
  await context.setOffline(true);
  await adminCalls(`/api/staff/orders/${cancelled.id}/cancel`, { reason: 'Plat manquant en cuisine' });

  const stop = bag(page, paid.invoice);
  await stop.getByRole('button', { name: 'Remis' }).click();
  await expect(outbox(page)).toHaveText(/^1 action en attente d’envoi depuis/);
  await expect(stop).toContainText('Remis · pas encore envoyé');
  await expect(stop).toContainText(`Titres reçus2 × `);
  await expect(stop).toContainText('Contenants repris2');
  // One voucher fewer than declared, three containers rather than two.
  await stop.getByRole('button', { name: 'Corriger les titres' }).click();
  await stop.getByLabel('Nombre').fill('1');
  // Each project's vouchers of an issuer of its own: its remittance below holds them alone.
  const issuer = info.project.name === 'phone' ? 'Up Déjeuner' : 'Bimpli';
  await stop.getByLabel('Émetteur').selectOption({ label: issuer });
  await stop.getByRole('button', { name: 'Enregistrer les titres' }).click();
  await stop.getByRole('button', { name: 'Corriger les contenants' }).click();
  await stop.getByRole('button', { name: 'Un contenant de plus' }).click();
  await stop.getByRole('button', { name: 'Enregistrer les contenants' }).click();
  await expect(stop).toContainText('Titres reçus1 × ');
  await expect(stop).toContainText('Contenants repris3');
  await bag(page, cancelled.invoice).getByRole('button', { name: 'Absent…' }).click();
  await bag(page, cancelled.invoice).getByRole('button', { name: 'Personne au point' }).click();
  await expect(outbox(page)).toHaveText(/^4 actions en attente d’envoi depuis/);
  await expect(page.getByText('Impossible de clore tant que des actions attendent')).toHaveCount(0);
  await expect(page.getByText('Indisponible hors connexion')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clore la tournée' })).toBeDisabled();
  await shot(page, 'pending', stop);
  await checkScreen(page, 'equipe-tournee-en-attente');
  // Leaving now would hand the actions to the next member's session: said before logging out.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const unsent = page.getByRole('dialog', { name: 'Des actions de tournée ne sont pas envoyées' });
  await expect(unsent).toContainText('4 actions enregistrées sur ce téléphone attendent d’être envoyées.');
  await shot(page, 'logout-unsent', unsent);
  await unsent.getByRole('button', { name: 'Rester connecté' }).click();
  await expect(unsent).toHaveCount(0);

  // Reloaded offline: the worker's copy of the page, the round and the actions from the phone.
  await page.reload();
  await expect(outbox(page)).toHaveText(/^4 actions en attente d’envoi depuis/);
  await expect(bag(page, paid.invoice)).toContainText('Remis · pas encore envoyé');
  await expect(bag(page, paid.invoice)).toContainText('Contenants repris3');

  // The browser closed and opened again from what it stored (cookies, storage, IndexedDB). The
  // page itself loads (a new browser has no worker yet); every API call is still cut.
  const stored = await context.storageState({ indexedDB: true });
  await context.close();
  network.heal();
  network.fail(/^\/api\//, { kind: 'cut' });
  const use = info.project.use;
  const reopened: BrowserContext = await browser.newContext({
    baseURL,
    storageState: stored,
    proxy,
    serviceWorkers: 'allow',
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  const again = await reopened.newPage();
  await again.goto(address);
  await hydrated(again);
  await expect(outbox(again)).toHaveText(/^4 actions en attente d’envoi depuis/);
  await expect(bag(again, paid.invoice)).toContainText('Titres reçus1 × ');
  await expect(bag(again, paid.invoice)).toContainText('Contenants repris3');
  await expect(again.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  expect((await keptEvents(again)).map((kept) => kept.status)).toEqual(Array(6).fill('pending'));

  // (4) The network is back, and the first answer is lost after the server applied it: the phone
  // sends again with the same ids, the server answers duplicate, nothing applied twice.
  network.heal();
  const healedAt = network.requests.length;
  network.fail(/^\/api\/staff\/rounds\/\d+\/events/, { kind: 'drop' }, { method: 'POST', times: 1 });
  await expect(outbox(again)).toHaveText('Tout est envoyé', { timeout: 45_000 });
  const posts = network.requests.slice(healedAt).filter((r) => r.method === 'POST' && /^\/api\/staff\/rounds\/\d+\/events/.test(r.path));
  expect(posts[0]!.fault).toBe('drop');
  expect(posts.length).toBeGreaterThanOrEqual(2);
  const kept = await keptEvents(again);
  expect(kept.filter((k) => k.status === 'sent')).toHaveLength(5);
  // The dish's absence was refused: the order was cancelled meanwhile. Said until acknowledged.
  const refusals = again.getByRole('alert').filter({ hasText: 'Actions refusées par le serveur' });
  await expect(refusals).toContainText(`Absent (Léa D., ${cancelled.invoice}) : Cette commande a été annulée entre-temps : ne la remettez pas.`);
  // Read again, the cancelled bag stays in sight, marked not to hand over, with no action.
  await expect(bag(again, cancelled.invoice)).toContainText('Annulée — ne pas remettre');
  await expect(bag(again, cancelled.invoice).getByRole('button')).toHaveCount(0);
  await shot(again, 'cancelled', bag(again, cancelled.invoice));
  await shot(again, 'rejected', refusals);
  await checkScreen(again, 'equipe-tournee-refus');
  await refusals.getByRole('button', { name: 'J’ai compris' }).click();
  await expect(refusals).toHaveCount(0);
  await again.goto(address);
  await hydrated(again);
  await expect(outbox(again)).toHaveText('Tout est envoyé');
  await expect(again.getByRole('alert').filter({ hasText: 'Actions refusées par le serveur' })).toHaveCount(0);

  // The server holds each event once: the phone's ids sent again are all duplicates.
  const staff = staffCalls(again.request);
  const resent = (await staff(`/api/staff/rounds/${tour}/events?date=${day}`, { events: kept.filter((k) => k.status === 'sent').map((k) => k.event) })) as { results: { status: string }[] };
  expect(resent.results.map((r) => r.status)).toEqual(Array(5).fill('duplicate'));
  const round = (await readJson(again.request, `/api/staff/rounds/${tour}?date=${day}`)) as { stops: { orders: { order_id: number; outcome: string; vouchers_received: { count: number }[]; containers_received: number }[] }[] };
  const seen = round.stops.flatMap((s) => s.orders).find((o) => o.order_id === paid.id)!;
  expect(seen).toMatchObject({ outcome: 'handed_over', vouchers_received: [{ count: 1, unit_cents: paid.tickets.unit }], containers_received: 3 });

  // (5) 11 h 40, after the tours' cut-off: the customers order for the next day, the team still
  // works on this one. "Ma tournée" opened without a day opens on it, with its courier named.
  expect((await request.post('/__sandbox/clock', { data: { now: parisInstant(day, '11:40').toISOString() } })).ok()).toBe(true);
  await again.goto('/equipe/tournee');
  await expect(again.getByRole('heading', { level: 1 })).toContainText(frenchLongDate(day));
  await expect(again.getByText(/^Livreur :/)).toBeVisible();
  await expect(bag(again, paid.invoice)).toContainText('Remis');
  // The round closed from the phone, after a confirmation (a round closes after its tour's cut-off).
  const summary = again.getByRole('region', { name: 'Bilan de la tournée' });
  await expect(summary).toContainText(`Contenants23`);
  await summary.getByRole('button', { name: 'Clore la tournée' }).click();
  await expect(summary.getByRole('button', { name: 'Oui, clore la tournée' })).toBeFocused();
  await shot(again, 'summary', summary);
  await checkScreen(again, 'equipe-tournee-clore');
  await summary.getByRole('button', { name: 'Oui, clore la tournée' }).click();
  await expect(again.getByText(/^Tournée close le/)).toBeVisible();
  await expect(bag(again, paid.invoice).getByRole('button')).toHaveCount(0);

  // The customer's account: the order delivered, one voucher short owed; the extra container, out
  // of the one they still held, waits for an admin's eyes before its 4 € reach the pool.
  const after = (await readJson(request, '/api/me')) as { pool: number; poolPending: number; deposits: number; orders: { id: number; balance_due: number; current_status_text: string }[] };
  const short = paid.paid - paid.tickets.unit;
  expect(after.pool).toBe(before.pool);
  expect(after.poolPending).toBe(4_00);
  expect(after.deposits).toBe(0);
  expect(after.orders.find((o) => o.id === paid.id)).toMatchObject({ balance_due: short });
  const customerCookies = (await request.storageState()).cookies;
  const shopper = await browser.newContext({ baseURL, storageState: { cookies: [...customerCookies, ...scopeCookies], origins: [] }, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch });
  const account = await shopper.newPage();
  await account.goto('/');
  await hydrated(account);
  const panel = await openAccount(account);
  await expect(panel.getByTestId('order').filter({ hasText: 'Reste à régler' })).toContainText('Livré');
  await expect(panel).toContainText('Vous avez 0 contenant consigné à rendre.');
  await shot(account, 'customer-account', panel.getByTestId('order').filter({ hasText: 'Reste à régler' }));
  await shopper.close();

  // (6) In the office: the container nobody announced, credited once an admin has looked; the
  // vouchers the courier brought back, batched for their issuer with a slip, sent, paid with the
  // issuer's commission taken; and the day's closing, whose figures add up (the day is not over
  // yet: closing it is refused, and said).
  const desk = await office.newPage();
  await desk.goto('/equipe/a-valider');
  await hydrated(desk);
  const held = desk.getByRole('listitem', { name: `Réception à valider, commande ${paid.invoice}` });
  await expect(held).toContainText('1 contenant rendu sans avoir été annoncé : 4,00 € de consigne à créditer');
  await expect(held).toContainText('Enregistré par livreur@popote.fr');
  await held.getByRole('button', { name: /^Valider et créditer 4,00/ }).click();
  await expect(held.getByRole('alert')).toHaveText('Écrivez une note : ce que vous avez vérifié, ou pourquoi vous refusez.');
  await held.getByLabel('Note (obligatoire)').fill('Contenant Popote vu au retour du triporteur');
  await checkScreen(desk, 'equipe-a-valider');
  await held.getByRole('button', { name: /^Valider et créditer 4,00/ }).click();
  await expect(desk.getByText('Rien à valider : toutes les réceptions correspondent aux déclarations.')).toBeVisible();
  expect(((await readJson(request, '/api/me')) as { pool: number }).pool).toBe(before.pool + 4_00);

  await desk.goto('/equipe/titres');
  await hydrated(desk);
  const waiting = desk.getByRole('listitem').filter({ hasText: issuer });
  await expect(waiting).toContainText(`1 titre, ${formatEuros(paid.tickets.unit)}`);
  await waiting.getByRole('button', { name: 'Préparer la remise' }).click();
  const batch = desk.getByRole('listitem', { name: /^Remise n° \d+$/ }).filter({ hasText: issuer }).first();
  await expect(batch).toContainText('Préparée');
  await expect(batch.getByRole('link', { name: 'Bordereau (PDF)' })).toHaveAttribute('href', /\/api\/staff\/remittances\/\d+\/slip\.pdf$/);
  await batch.getByRole('button', { name: 'Marquer envoyée' }).click();
  await batch.getByLabel('Montant payé par l’émetteur (€)').fill(formatEuros(paid.tickets.unit - 50).replace(/\s?€/, ''));
  await batch.getByRole('button', { name: 'Marquer payée' }).click();
  await expect(batch).toContainText(`Payé ${formatEuros(paid.tickets.unit - 50)} (écart ${formatEuros(-50)})`);
  await shot(desk, 'remittances', batch);
  await checkScreen(desk, 'equipe-titres');

  await desk.goto(`/equipe/cloture?date=${day}`);
  await expect(desk.getByText('Les totaux concordent avec les factures et les avoirs du jour, au centime.')).toBeVisible();
  await expect(desk.getByRole('link', { name: 'Télécharger le CSV du jour' })).toHaveAttribute('href', `/api/staff/closing.csv?date=${day}`);
  await expect(desk.locator('section').filter({ has: desk.getByRole('heading', { name: 'Reste dû après livraison' }) })).toContainText(paid.invoice);
  // The cancelled order's vouchers were dropped with it: not listed as still to receive.
  const vouchersSection = desk.locator('section').filter({ has: desk.getByRole('heading', { name: 'Titres-restaurant papier' }) });
  await expect(vouchersSection).toContainText('Reçus par le livreur');
  await expect(vouchersSection).not.toContainText(cancelled.invoice);
  await desk.getByRole('button', { name: 'Clore la journée' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Clore la journée ?' });
  await dialog.getByRole('button', { name: 'Clore et figer' }).click();
  await expect(dialog).toContainText('Une journée se clôt une fois finie : à partir du lendemain.');
  await dialog.getByRole('button', { name: 'Ne pas clore' }).click();
  await shot(desk, 'closing', desk.getByRole('heading', { name: /^Clôture/ }));
  await checkScreen(desk, 'equipe-cloture');

  // (7) Later, the customer pays what is still due by card from their account, on PayGreen's page:
  // given up once ("Annuler et revenir": the due stays, and the account says so), then paid.
  const payer = await browser.newContext({ baseURL, storageState: { cookies: [...customerCookies, ...scopeCookies], origins: [] }, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch });
  const home = await payer.newPage();
  await home.goto('/?volet=compte');
  await hydrated(home);
  const accountPanel = await openAccount(home);
  const owed = accountPanel.getByTestId('balance-due');
  await owed.getByRole('button', { name: `Payer par carte (${formatEuros(short)})` }).click();
  await home.waitForURL(/\/__sandbox\/paygreen\/pay\/po_/);
  await home.getByRole('link', { name: 'Annuler et revenir sur le site du commerçant' }).click();
  await expect(accountPanel.getByRole('alert')).toHaveText(`Paiement par carte annulé\u00a0: rien n’a été débité, il reste ${formatEuros(short)} à régler sur cette commande.`);
  await expect(owed).toContainText(`Reste à régler : ${formatEuros(short)}`);
  expect(home.url()).not.toContain('reste_carte');
  await openAccount(home);
  await shot(home, 'customer-due-canceled', owed);
  // Also seen at a desktop's width.
  await home.setViewportSize({ width: 1280, height: 800 });
  await shot(home, 'customer-due-canceled-1280', owed);
  await home.setViewportSize(use.viewport!);
  await owed.getByRole('button', { name: /^Payer par carte/ }).click();
  await home.waitForURL(/\/__sandbox\/paygreen\/pay\/po_/);
  await home.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  const paidNote = accountPanel.getByRole('status').filter({ hasText: 'Paiement par carte accepté' });
  await expect(paidNote).toHaveText(`Paiement par carte accepté\u00a0: ${formatEuros(short)} réglés, plus rien n’est dû sur cette commande.`);
  await expect(accountPanel.getByTestId('balance-due')).toHaveCount(0);
  await shot(home, 'customer-due-paid', paidNote);
  await checkScreen(home, 'compte-reste-regle-par-carte', { include: 'dialog' });
  await home.setViewportSize({ width: 1280, height: 800 });
  await shot(home, 'customer-due-paid-1280', paidNote);
  await checkScreen(home, 'compte-reste-regle-par-carte', { include: 'dialog' });
  expect(((await readJson(request, '/api/me')) as { orders: { id: number; balance_due: number }[] }).orders.find((o) => o.id === paid.id)!.balance_due).toBe(0);
  await payer.close();
  await office.close();
  await reopened.close();
});
