import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PushOffer from '../../src/features/push/push-offer';

/*
 * The offer's states (docs/product/notifications.md), with a browser made to measure: its
 * permission, its push manager and its service worker, and the API answered through fetch.
 */

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const OFFER = 'Être prévenu quand le triporteur arrive';
const BLOCKED = 'Les notifications sont bloquées pour Popote dans les réglages du navigateur.';

interface Browser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscribed: boolean;
  pushOff: boolean;
}
let browser: Browser;
const calls: { method: string; path: string; body: unknown; token: string | null }[] = [];
const requestPermission = vi.fn(() => Promise.resolve((browser.permission = browser.answer)));
const subscribe = vi.fn((_options: PushSubscriptionOptionsInit) => Promise.resolve(((browser.subscribed = true), subscription())));
const unsubscribe = vi.fn(() => Promise.resolve(!(browser.subscribed = false)));

function subscription() {
  return { endpoint: ENDPOINT, unsubscribe, toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }) };
}

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  browser = { permission: 'default', answer: 'granted', subscribed: false, pushOff: false };
  calls.length = 0;
  document.cookie = 'XSRF-TOKEN=jeton';
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(browser.subscribed ? subscription() : null) } };
  vi.stubGlobal('PushManager', function PushManager() {});
  // A getter, read at each look (Object.assign would copy its value once).
  vi.stubGlobal('Notification', Object.defineProperties(function Notification() {}, { requestPermission: { value: requestPermission }, permission: { get: () => browser.permission } }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) } });
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined, token: new Headers(init.headers).get('x-xsrf-token') });
    if (path === '/api/push/key') return browser.pushOff ? json(404, { message: 'off', code: 'push_off' }) : json(200, { public_key: KEY });
    if (path === '/api/push/subscriptions') return method === 'POST' ? json(201, { message: 'ok' }) : Promise.resolve(new Response(null, { status: 204 }));
    return json(404, { message: 'not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  requestPermission.mockClear();
  subscribe.mockClear();
  unsubscribe.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the offer to be told when the tricycle arrives', () => {
  it('asks the permission only on the tap, subscribes, has the server keep it, and turns off in one tap', async () => {
    render(<PushOffer />);
    const offer = await screen.findByRole('button', { name: OFFER });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(offer);
    await screen.findByText(/Vous serez prévenu sur cet appareil/);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect((options?.applicationServerKey as Uint8Array).length).toBe(65);
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }, token: 'jeton' });

    fireEvent.click(screen.getByRole('button', { name: 'Ne plus être prévenu' }));
    await screen.findByRole('button', { name: OFFER });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/push/subscriptions', body: { endpoint: ENDPOINT }, token: 'jeton' });
  });

  it('says it is on when this browser already is subscribed', async () => {
    browser.permission = 'granted';
    browser.subscribed = true;
    render(<PushOffer />);
    expect(await screen.findByRole('button', { name: 'Ne plus être prévenu' })).not.toBeNull();
  });

  it('says where to unblock when the browser refused, on the tap or before', async () => {
    browser.answer = 'denied';
    render(<PushOffer />);
    fireEvent.click(await screen.findByRole('button', { name: OFFER }));
    await screen.findByText(BLOCKED);
    expect(subscribe).not.toHaveBeenCalled();
    cleanup();
    render(<PushOffer />);
    await screen.findByText(BLOCKED);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on an iPhone outside the home screen, explains the home-screen step instead of asking', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render(<PushOffer />);
    await screen.findByText(/Sur iPhone, ajoutez d’abord Popote à l’écran d’accueil \(Partager → Sur l’écran d’accueil\)/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a browser without push cannot, and hides when push is off on the server', async () => {
    vi.stubGlobal('PushManager', undefined);
    const { unmount } = render(<PushOffer />);
    await screen.findByText('Ce navigateur ne peut pas afficher les notifications de Popote.');
    unmount();
    vi.stubGlobal('PushManager', function PushManager() {});
    browser.pushOff = true;
    render(<PushOffer />);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/push/key')).toHaveLength(2));
    // The answer read, the state settled: still nothing (the offer would show by now, as above).
    await act(async () => {});
    expect(screen.queryByTestId('push-offer')).toBeNull();
  });
});
