import { expect, test, type Page } from './fixtures';
import { customerWithCart, openPayment, popin, toHostedPage } from './checkout-steps';

// The service worker is what shows a push (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const OFFER = 'Être prévenu quand le triporteur arrive';

/**
 * Chromium here reaches no real push service (no FCM): pushManager is stubbed before the app runs,
 * and hands out a subscription whose endpoint is the sandbox's own push emulator
 * (/__sandbox/push/{box}, accepted by the server in the sandbox only), with real P-256 and auth
 * keys, so the server's checks are the production ones.
 */
async function stubPushService(page: Page, box: string) {
  await page.addInitScript((endpointPath) => {
    const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    // Kept in the tab's storage, as a browser keeps its subscription across page loads.
    const KEPT = 'e2e-push-subscription';
    const asSubscription = (json: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
      ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => (sessionStorage.removeItem(KEPT), true) }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe() {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const json = {
        endpoint: new URL(endpointPath, location.origin).href,
        keys: { p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)), auth: b64(crypto.getRandomValues(new Uint8Array(16)).buffer) },
      };
      sessionStorage.setItem(KEPT, JSON.stringify(json));
      return asSubscription(json);
    };
    PushManager.prototype.getSubscription = async () => {
      const kept = sessionStorage.getItem(KEPT);
      return kept ? asSubscription(JSON.parse(kept) as { endpoint: string; keys: { p256dh: string; auth: string } }) : null;
    };
  }, `/__sandbox/push/${box}`);
}

test('the customer turns arrival notices on after an order and off in the account; a push shows a notice for the order', async ({ page, context, baseURL }, info) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  await stubPushService(page, `e2e-${info.testId}`);
  const { location } = await customerWithCart(page, info.project.name);

  // The order placed: its pop-in offers the notices, asked only on the tap.
  await openPayment(page);
  await toHostedPage(page);
  await page.getByRole('button', { name: 'Payer avec la carte de test' }).click();
  await expect(popin(page)).toContainText(location.name, { timeout: 15_000 });
  const offer = popin(page).getByRole('button', { name: OFFER });
  await expect(offer).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-push-offer.png` });
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST');
  await offer.click();
  expect((await kept).status()).toBe(201);
  await expect(popin(page)).toContainText('Vous serez prévenu sur cet appareil');
  await page.screenshot({ path: `/tmp/shots/${info.project.name}-push-on.png` });

  // In the account: it says so, and one tap turns it off (the server forgets it).
  await popin(page).getByRole('button', { name: 'Super !' }).click();
  await page.goto('/passer-commande?volet=compte');
  const account = page.getByRole('dialog', { name: 'Mon compte' });
  const forgotten = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE');
  await account.getByRole('button', { name: 'Ne plus être prévenu' }).click();
  expect((await forgotten).ok()).toBe(true);
  await expect(account.getByRole('button', { name: OFFER })).toBeVisible();

  // The worker's push handler, fed through Chromium's DevTools protocol, shows the order's notice.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const message = { title: 'Votre Popote est arrivée', body: `Votre Popote est arrivée à ${location.name}, jusqu’à 12 h 30.`, tag: 'commande-1', url: '/passer-commande?volet=compte#commande-1' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registration, data: JSON.stringify(message) });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))))
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }]);
  // A tap on it (notificationclick) cannot be made through the protocol: its routing is in sw/notices.ts, unit-tested.
});
