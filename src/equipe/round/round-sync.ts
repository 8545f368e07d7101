import { ApiError } from '../../lib/api-client';
import { Outbox, idbStorage, memoryStorage } from './outbox';
import { batchesToSend, failureOutcome, rejectAll, retryDelayMs, settle, stopReason, type KeptAuthor, type KeptEvent } from './outbox-rules';
import { call } from '../../lib/api-call';
import { ROUNDS } from '../../shared/api/routes/rounds';

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
  /**
   * Why the sending stopped trying on its own (a 403 or 419: asking again would be refused
   * again), in French, or null. "Envoyer maintenant", a login or the page's next start try again.
   */
  stopped: string | null;
}

export type Send = (batch: KeptEvent[]) => Promise<{ id: string; status: 'applied' | 'duplicate' | 'rejected'; code?: string; message?: string }[]>;

/**
 * POST /api/staff/rounds/{tour}/events?date=… with a fresh idempotency key: the ids are what make a
 * repeat harmless. A batch is one author's (batchesToSend): the server checks it is who is logged in.
 */
export const sendOverHttp: Send = async (batch) => {
  const { tour_id, date, author } = batch[0]!;
  const answer = await call(ROUNDS.postStaffRoundsByIdEvents, { params: { id: tour_id }, query: { date }, body: { ...(author ? { author: author.id } : {}), events: batch.map((entry) => entry.event) } });
  return answer.results;
};

/** What runs the turns between tabs: the browser's Web Locks where it has them. */
type Turn = <T>(run: () => Promise<T>) => Promise<T>;
const browserTurn: Turn = (run) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('popote-round-outbox', run) : run());

export class RoundSender {
  state: SendState = { sending: false, failures: 0, problem: null, nextTry: null, stopped: null };
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
    /** Who is logged in, as last known (null: nobody known): another member's actions wait for them. */
    private readonly member: () => KeptAuthor | null = () => null,
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

  /** Tries again now, after the sending stopped on a refusal ("Envoyer maintenant", a login, a start). */
  retry(): Promise<void> {
    this.set({ stopped: null });
    return this.flush();
  }

  /**
   * One pass: every pending batch, in order, until one fails for a reason that may pass or that
   * stops the sending. Another member's actions are left out: they wait for their author.
   */
  private async pass(): Promise<void> {
    await this.outbox.ready();
    const queue = batchesToSend(await this.outbox.pendingNow(), undefined, this.member()?.id);
    let took = false;
    while (queue.length > 0) {
      const batch = queue.shift()!;
      try {
        const results = await this.send(batch);
        await this.outbox.update(settle(batch, results, Date.now()));
        took = true;
        this.set({ failures: 0, problem: null });
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        const code = error instanceof ApiError ? error.body.code : undefined;
        const outcome = failureOutcome(status, code, batch.length);
        if (outcome === 'retry') {
          this.set({ failures: this.state.failures + 1, problem: problemOf(error, status) });
          // The events stay pending; once logged in again they go out with the same ids.
          if (status === 401) this.onSessionEnded();
          break;
        }
        if (outcome === 'wait') {
          // The session is another member's than the phone thought: who is there is asked again,
          // and the screen says whose actions wait. Nothing planned: they leave at their author's login.
          this.set({ problem: (error as Error).message });
          this.onSessionEnded();
          continue;
        }
        if (outcome === 'stop') {
          this.set({ stopped: stopReason(status, (error as Error).message) });
          break;
        }
        if (outcome === 'split') {
          queue.unshift(...batch.map((entry) => [entry]));
          continue;
        }
        await this.outbox.update(rejectAll(batch, (error as Error).message, code));
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
    if (!pending || this.state.failures === 0 || this.state.stopped) {
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
export function roundSender(onSent: () => void, onSessionEnded: () => void, member: () => KeptAuthor | null): RoundSender {
  if (shared) return shared;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('popote-round-outbox');
  const storage = typeof indexedDB === 'undefined' ? memoryStorage() : idbStorage();
  const outbox = new Outbox(storage, () => channel?.postMessage('changed'));
  shared = new RoundSender(outbox, sendOverHttp, browserTurn, onSent, onSessionEnded, member);
  // Another tab's change: read again (a refused storage is tried again then too).
  if (channel) channel.onmessage = () => void outbox.ready().then(() => outbox.reload()).catch(() => undefined);
  return shared;
}

/**
 * Starts sending when it may: now (even after a stop: a start is a new try), when the network
 * returns, when the app is shown again, unless the server refused the sending (403, 419): then
 * only the courier's "Envoyer maintenant" or the next start tries again. Returns the stop.
 */
export function keepSending(sender: RoundSender): () => void {
  const now = () => void (sender.state.stopped ? undefined : sender.flush());
  const shown = () => (document.visibilityState === 'visible' ? now() : undefined);
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', shown);
  void sender.retry();
  return () => {
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', shown);
    sender.stop();
  };
}
