import { ApiError, api } from '../../lib/api-client';
import { roundEventsAnswerSchema } from '../../shared/api/courier-round';
import { Outbox, idbStorage, memoryStorage } from './outbox';
import { batchesToSend, rejectAll, retryDelayMs, settle, worthRetrying, type KeptEvent } from './outbox-rules';

/**
 * Sends the outbox: at once after a tap, when the browser says the network is back, when the app
 * comes back to the screen, at start, and on a timer after a failure (5 s doubling to 60 s). The
 * screen never waits for it. Tabs take turns (navigator.locks); each reads the storage afresh once
 * it has the turn, so what another tab sent is not sent twice (the server would ignore it anyway).
 *
 * No Background Sync: the service worker cannot send these (the team's anti-forgery token is a
 * cookie it cannot read), and a sync event with no open page has nobody to wake.
 */

export interface SendState {
  sending: boolean;
  /** Failed tries in a row (network, server, session); 0 after a call the server answered. */
  failures: number;
  /** Why the last try failed, in French, or null. */
  problem: string | null;
  /** When the next try is planned (ms), or null. */
  nextTry: number | null;
}

export type Send = (batch: KeptEvent[]) => Promise<{ id: string; status: 'applied' | 'duplicate' | 'rejected'; code?: string; message?: string }[]>;

/** POST /api/staff/rounds/{tour}/events?date=… with a fresh idempotency key: the ids are what make a repeat harmless. */
export const sendOverHttp: Send = async (batch) => {
  const { tour_id, date } = batch[0]!;
  const answer = await api(`/api/staff/rounds/${tour_id}/events?date=${date}`, {
    method: 'POST',
    body: { events: batch.map((entry) => entry.event) },
    schema: roundEventsAnswerSchema,
  });
  return answer.results;
};

/** What runs the turns between tabs: the browser's Web Locks where it has them. */
type Turn = <T>(run: () => Promise<T>) => Promise<T>;
const browserTurn: Turn = (run) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('popote-round-outbox', run) : run());

export class RoundSender {
  state: SendState = { sending: false, failures: 0, problem: null, nextTry: null };
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly outbox: Outbox,
    private readonly send: Send = sendOverHttp,
    private readonly turn: Turn = browserTurn,
    /** Told after the server took events (the round is read again then). */
    private readonly onSent: () => void = () => {},
    /** Told when the server says the session has ended (401): the app asks who is there again, and shows the login. */
    private readonly onSessionEnded: () => void = () => {},
  ) {}

  snapshot = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sends what is pending; a call while sending makes one more pass after it. Never throws. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.timer);
    this.set({ sending: true, nextTry: null });
    this.running = (async () => {
      do {
        this.again = false;
        await this.turn(() => this.pass());
      } while (this.again && this.state.failures === 0);
    })()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        this.set({ sending: false });
        this.planNext();
      });
    return this.running;
  }

  /** One pass: every pending batch, in order, until one fails for a reason that may pass. */
  private async pass(): Promise<void> {
    await this.outbox.ready();
    const batches = batchesToSend(await this.outbox.pendingNow());
    let took = false;
    for (const batch of batches) {
      try {
        const results = await this.send(batch);
        await this.outbox.update(settle(batch, results, Date.now()));
        took = true;
        this.set({ failures: 0, problem: null });
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        if (worthRetrying(status)) {
          this.set({ failures: this.state.failures + 1, problem: problemOf(error, status) });
          // The events stay pending; once logged in again they go out with the same ids.
          if (status === 401) this.onSessionEnded();
          break;
        }
        await this.outbox.update(rejectAll(batch, (error as Error).message, error instanceof ApiError ? error.body.code : undefined));
        took = true;
      }
    }
    if (took) this.onSent();
    // Others tabs' entries may have changed the storage: the shown list follows it.
    await this.outbox.reload();
  }

  /** After a failure, the next try on the backoff; nothing planned when all is sent. */
  private planNext() {
    clearTimeout(this.timer);
    const pending = this.outbox.snapshot().some((entry) => entry.status === 'pending');
    if (!pending || this.state.failures === 0) {
      this.set({ nextTry: null });
      return;
    }
    const delay = retryDelayMs(this.state.failures);
    this.set({ nextTry: Date.now() + delay });
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  /** Stops the timer (the page left). */
  stop() {
    clearTimeout(this.timer);
  }

  private set(change: Partial<SendState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

function problemOf(error: unknown, status: number): string {
  if (status === 401) return 'Votre session a pris fin : reconnectez-vous pour envoyer vos actions.';
  if (status === 0) return 'Pas de réseau : vos actions sont gardées sur le téléphone.';
  if (status >= 500) return 'Le serveur ne répond pas correctement : nouvel essai bientôt.';
  return (error as Error).message;
}

let shared: RoundSender | null = null;

/**
 * The page's sender and its outbox, one per tab. Other tabs hear of each change (BroadcastChannel)
 * and read the storage again.
 */
export function roundSender(onSent: () => void, onSessionEnded: () => void): RoundSender {
  if (shared) return shared;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('popote-round-outbox');
  const storage = typeof indexedDB === 'undefined' ? memoryStorage() : idbStorage();
  const outbox = new Outbox(storage, () => channel?.postMessage('changed'));
  shared = new RoundSender(outbox, sendOverHttp, browserTurn, onSent, onSessionEnded);
  if (channel) channel.onmessage = () => void outbox.reload();
  return shared;
}

/** Starts sending when it may: now, when the network returns, when the app is shown again. Returns the stop. */
export function keepSending(sender: RoundSender): () => void {
  const now = () => void sender.flush();
  const shown = () => (document.visibilityState === 'visible' ? now() : undefined);
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', shown);
  now();
  return () => {
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', shown);
    sender.stop();
  };
}
