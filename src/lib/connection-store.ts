import { onlineManager } from '@tanstack/react-query';
import { proxy, useSnapshot } from 'valtio';

/** The reason shown next to what needs the network (ARCHITECTURE.md: online-only actions). */
export const OFFLINE_REASON = 'Indisponible hors connexion : réessayez dès le retour du réseau.';
/** How long "the connection is back" stays on screen. */
const RESTORED_NOTICE_MS = 5000;

/**
 * The connection as the customer sees it: `online`, and `restored` for a few seconds after it came
 * back. TanStack Query's onlineManager follows it (it starts "online" whatever the truth).
 */
export const connection = proxy({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  restored: false,
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

/** Whether the browser is online, for components that disable what needs the network. */
export const useOnline = () => useSnapshot(connection).online;
