import { onlineManager } from '@tanstack/react-query';
import { proxy, useSnapshot } from 'valtio';
import { useHydratedValue } from './use-hydrated';
import { HEALTH } from '../shared/api/routes/health';
import { deadlineSignal } from './deadline-signal';

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
  /** A call has waited SLOW_CALL_MS without an answer (and is still waiting). */
  slow: false,
  /**
   * Online as far as the browser knows, yet a call got no answer before its deadline: the screen
   * shows what it last received, and a probe asks the server until it answers.
   */
  stalled: false,
});

/** How long a call waits before the notice says the connection is slow. */
export const SLOW_CALL_MS = 4000;
/** How often a stalled connection is tried again (a bare health check, with its own deadline). */
const PROBE_EVERY_MS = 5000;

let restoredTimer: ReturnType<typeof setTimeout> | undefined;
let backAgain: () => void = () => {};

/** Says the connection is back for a few seconds, and refreshes what the page shows. */
function cameBack() {
  connection.restored = true;
  onlineManager.setOnline(true);
  backAgain();
  clearTimeout(restoredTimer);
  restoredTimer = setTimeout(() => (connection.restored = false), RESTORED_NOTICE_MS);
}

const slowCalls = new Set<object>();
/** Every call on its way, slow or not. */
const pendingCalls = new Set<object>();
let probe: ReturnType<typeof setInterval> | undefined;

/** The calls as the notice sees them (api-client's CallWatcher). */
export const callWatcher = {
  waiting(): () => void {
    const call = {};
    pendingCalls.add(call);
    const timer = setTimeout(() => {
      slowCalls.add(call);
      connection.slow = true;
    }, SLOW_CALL_MS);
    return () => {
      clearTimeout(timer);
      pendingCalls.delete(call);
      slowCalls.delete(call);
      connection.slow = slowCalls.size > 0;
    };
  },
  /**
   * The health probe answered: the connection works, but a call still waiting (the one server
   * route that hangs, retried) is not answered for all that. The stall ends then only when none
   * waits; otherwise the notice would say "revenue", then "lente" again for the same call.
   */
  probeAnswered(): void {
    if (pendingCalls.size === 0) callWatcher.answered();
  },
  answered(): void {
    if (!connection.stalled) return;
    connection.stalled = false;
    clearInterval(probe);
    cameBack();
  },
  noAnswer(): void {
    if (connection.stalled || !connection.online) return;
    connection.stalled = true;
    connection.restored = false;
    clearInterval(probe);
    // Any answer ends the stall; the probe makes sure one is asked for, without the watcher (a
    // stalled probe must not say "slow").
    probe = setInterval(() => {
      const deadline = deadlineSignal(PROBE_EVERY_MS);
      void fetch(HEALTH.getHealth.path, { signal: deadline.signal, cache: 'no-store' })
        .then(
          () => callWatcher.probeAnswered(),
          () => undefined,
        )
        .finally(deadline.clear);
    }, PROBE_EVERY_MS);
  },
};

/** Starts following the browser's online/offline events; `onBack` runs each time the connection returns. */
export function watchConnection(onBack: () => void): () => void {
  onlineManager.setOnline(navigator.onLine);
  connection.online = navigator.onLine;
  backAgain = onBack;
  const offline = () => {
    clearTimeout(restoredTimer);
    clearInterval(probe);
    connection.online = false;
    connection.restored = false;
    connection.stalled = false;
    connection.noticeReduced = false;
    onlineManager.setOnline(false);
  };
  const online = () => {
    connection.online = true;
    cameBack();
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
  return useHydratedValue(online, true);
}
