/**
 * What a push shows (docs/product/notifications.md): the server's message `{title, body, tag, url}`
 * (src/shared/api/push.ts) as a notification, with the shop's icon and badge; one tag per order, so
 * a newer notice replaces the older one. Read without zod: the worker stays small.
 */
export interface Notice {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

export const NOTICE_ICON = '/icons/icon-192.png';
/** Monochrome: Android draws it in the status bar. */
export const NOTICE_BADGE = '/icons/badge-96.png';

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.slice(0, max) : null);

/** A same-origin path to open, or the account when the message names none (or another site). */
function pathOf(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !URL.canParse(value, origin)) return '/passer-commande?volet=compte';
  const url = new URL(value, origin);
  return url.origin === origin ? url.pathname + url.search + url.hash : '/passer-commande?volet=compte';
}

/** The notification for a push's JSON, or a plain one when the push says nothing readable. */
export function noticeOf(data: unknown, origin: string): Notice {
  const message = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    title: text(message.title, 120) ?? 'Popote',
    options: {
      body: text(message.body, 500) ?? 'Des nouvelles de votre commande.',
      icon: NOTICE_ICON,
      badge: NOTICE_BADGE,
      lang: 'fr',
      tag: text(message.tag, 100) ?? 'popote',
      data: { url: pathOf(message.url, origin) },
    },
  };
}

/** The JSON a push carries, or null (a push without payload, or not JSON). */
export function pushData(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return null;
  }
}

/** An open window, as much of it as a tap on a notice uses. */
export interface NoticeWindow {
  url: string;
  focus(): Promise<NoticeWindow>;
  navigate(url: string): Promise<unknown>;
}

/** The worker's clients, as much of them as a tap on a notice uses. */
export interface NoticeClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly NoticeWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A tap on a notice opens its order in the account: an open window of the shop (not the team's
 * pages) is brought forward and taken there, else a new one is opened.
 */
export async function openNotice(data: unknown, origin: string, clients: NoticeClients): Promise<void> {
  const url = new URL(pathOf((data as { url?: unknown } | null)?.url, origin), origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const shop = windows.find((w) => new URL(w.url).origin === origin && !new URL(w.url).pathname.startsWith('/equipe'));
  if (shop) {
    const focused = await shop.focus();
    await focused.navigate(url).catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}
