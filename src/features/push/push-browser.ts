import { ApiError } from '../../lib/api-client';
import { PUSH_ERRORS } from '../../shared/api/push';
import { call } from '../../lib/api-call';
import { PUSH } from '../../shared/api/routes/push';

/*
 * The browser's side of web push (docs/product/notifications.md): what the browser can do, the
 * shop's key, and a subscription made, sent and taken back. Loaded only with the offer (its own
 * chunk): nothing here is in the home page's first JavaScript.
 */

/** Where the offer stands for this browser. */
export type PushOfferState = 'hidden' | 'unsupported' | 'ios-install' | 'denied' | 'off' | 'on';

/** An iPhone or iPad (iPadOS says "Macintosh" but has touch) not opened from its home-screen icon: Safari pushes only there. */
export function isIosOutsideHomeScreen(nav: Navigator): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
  return ios && (nav as Navigator & { standalone?: boolean }).standalone !== true;
}

/** Whether this browser has what web push needs (service worker, push manager, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function';
}

/** The shop's public key, or null when push is off on the server (404 push_off): the offer hides. */
export async function readPushKey(signal?: AbortSignal): Promise<string | null> {
  try {
    return (await call(PUSH.getPushKey, { signal })).public_key;
  } catch (err) {
    if (err instanceof ApiError && err.body.code === PUSH_ERRORS.off) return null;
    throw err;
  }
}

/** The state before any tap: never asks the browser's permission (that is for the tap). */
export async function currentPushState(): Promise<Exclude<PushOfferState, 'hidden'>> {
  if (isIosOutsideHomeScreen(navigator)) return 'ios-install';
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url → bytes, as pushManager.subscribe takes the key. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** On the customer's tap: the permission, the browser's subscription, then the server keeps it. */
export async function subscribeToPush(key: string): Promise<'on' | 'denied' | 'off'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) });
  const { endpoint, keys } = subscription.toJSON();
  try {
    // A browser's subscription has both (the server refuses it otherwise, as it would a forged one).
    await call(PUSH.postPushSubscriptions, { body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } } });
  } catch (err) {
    // The server did not keep it: the browser's one is dropped, so both say the same.
    await subscription.unsubscribe().catch(() => false);
    throw err;
  }
  return 'on';
}

/** "Ne plus être prévenu": the browser's subscription goes, and the server forgets it. */
export async function unsubscribeFromPush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await call(PUSH.deletePushSubscriptions, { body: { endpoint } });
  await subscription.unsubscribe();
}
