/**
 * The push services the server may POST to (docs/product/notifications.md): an endpoint a browser
 * hands over is an address of its choosing, so anything but a known push service, over https, is
 * refused before it is stored and again before each send (the server is never made to reach an
 * address chosen by whoever subscribes). The one list.
 */
export const PUSH_SERVICE_HOSTS: readonly {
  host: string;
  service: string;
  subdomains?: true;
}[] = [
  // Chrome, Edge on Android, Samsung Internet, Opera (Firebase Cloud Messaging).
  { host: 'fcm.googleapis.com', service: 'Google FCM' },
  // Firefox.
  { host: 'updates.push.services.mozilla.com', service: 'Mozilla' },
  { host: 'push.services.mozilla.com', service: 'Mozilla' },
  // Safari on macOS and iOS (a web app added to the home screen).
  { host: 'web.push.apple.com', service: 'Apple' },
  // Edge on Windows (WNS): wns2-….notify.windows.com and the like.
  { host: 'notify.windows.com', service: 'Windows', subdomains: true },
];

/** The sandbox's own emulated push service (server/sandbox/push.routes.ts). */
export const SANDBOX_PUSH_PATH = '/__sandbox/push/';

/**
 * Whether the server may push to `endpoint`: https on a listed host (no port, no credentials), or,
 * in the sandbox, this shop's own emulator.
 */
export function isAllowedPushEndpoint(endpoint: string, options: { sandbox: boolean; publicUrl: string }): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (options.sandbox && url.origin === new URL(options.publicUrl).origin && url.pathname.startsWith(SANDBOX_PUSH_PATH) && !url.username && !url.password) return true;
  if (url.protocol !== 'https:' || url.port || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((s) => host === s.host || (s.subdomains === true && host.endsWith(`.${s.host}`)));
}
