import { onlineManager } from '@tanstack/react-query';
import { proxy, useSnapshot } from 'valtio';
import { useHydrated } from './use-hydrated';

/** The reason shown next to what needs the network (docs/offline.md, "Online only"). */
export const OFFLINE_REASON = 'Indisponible hors connexion : réessayez dès le retour du réseau.';
/** How long "the connection is back" stays on screen. */
const RESTORED_NOTICE_MS = 5000;

/**
 * The connection as the customer sees it: `online`, and `restored` for a few seconds after it came
 * back. TanStack Query's onlineManager follows it (it starts "online" whatever the truth).
 */
export const connection = proxy({
  // Online until watchConnection reads the truth after hydration: the server's page was drawn
  // online, and the first render in the browser must draw the same.
  online: true,
  restored: false,
  /** The customer reduced the offline notice to a small mark, for this offline period. */
  noticeReduced: false,
});

let restoredTimer: ReturnType<typeof setTimeout> | undefined;

/** Starts following the browser's online/offline events; `onBack` runs each time the connection returns. */
export function watchConnection(onBack: () => void): () => void {
  onlineManager.setOnline(navigator.onLine);
  connection.online = navigator.onLine;
  const offline = () => {
    clearTimeout(restoredTimer);
    connection.online = false;
    connection.restored = false;
    connection.noticeReduced = false;
    onlineManager.setOnline(false);
  };
  const online = () => {
    connection.online = true;
    connection.restored = true;
    onlineManager.setOnline(true);
    onBack();
    clearTimeout(restoredTimer);
    restoredTimer = setTimeout(() => (connection.restored = false), RESTORED_NOTICE_MS);
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

export const isOnline = () => connection.online;

/**
 * Whether the browser is online, for components that disable what needs the network: online while
 * the page hydrates, as the server drew it (useHydrated).
 */
export function useOnline(): boolean {
  const online = useSnapshot(connection).online;
  return useHydrated() ? online : true;
}
