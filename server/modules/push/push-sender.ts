import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import type { VapidKeys } from './vapid';

/** A claim older than this is a sender that died mid-run: the push is taken again. */
const CLAIM_TIMEOUT_MS = 2 * 60 * 1000;
/** Tries before a push is given up: news of the minute is worth a few retries, not an hour's. */
export const PUSH_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 10 * 1000;
/** How long one push service is waited for. */
const SEND_TIMEOUT_MS = 10 * 1000;

/** The wait before the next try, once `attempts` tries have failed: 10 s, 20 s, 40 s, 80 s. */
export const pushRetryDelayMs = (attempts: number) => BACKOFF_BASE_MS * 2 ** Math.max(attempts - 1, 0);

export interface PushDeps {
  keys: VapidKeys;
  /** How an endpoint is reached: the network, or the sandbox's emulator in process. */
  fetchFor: (endpoint: string) => typeof fetch;
  /** The allow-list, checked again before each send (push-services.ts). */
  allowed: (endpoint: string) => boolean;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface PushRun {
  sent: number;
  retried: number;
  dropped: number;
  /** Subscriptions removed: their push service answered 404 or 410. */
  gone: number;
}

/**
 * Sends the pushes that are due, each encrypted for its browser (RFC 8291, aes128gcm) and signed
 * (VAPID, RFC 8292), with its TTL and Urgency. Claimed by one UPDATE over rows locked with SKIP
 * LOCKED, so two servers never take the same push. A sent push is deleted (what it said is not
 * kept); a push service answering 404/410 has dropped the subscription: it is removed with its
 * queue; a failure (network, 429, 5xx) is retried with a growing delay up to PUSH_MAX_ATTEMPTS; a
 * push past its expiry is dropped unsent.
 */
export async function deliverDuePushes(db: Db, deps: PushDeps, now: Date, options: { limit?: number } = {}): Promise<PushRun> {
  const run: PushRun = { sent: 0, retried: 0, dropped: 0, gone: 0 };
  const stale = await db.delete(pushOutbox).where(lte(pushOutbox.expiresAt, now)).returning({ id: pushOutbox.id });
  run.dropped += stale.length;
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      and(
        // A never-tried push is due at once, whatever the app's clock says of the insert's time.
        or(eq(pushOutbox.attempts, 0), lte(pushOutbox.nextAttemptAt, now)),
        or(isNull(pushOutbox.claimedAt), lt(pushOutbox.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))),
      ),
    )
    .orderBy(asc(pushOutbox.id))
    .limit(options.limit ?? 50)
    .for('update', { skipLocked: true });
  const claimed = await db.update(pushOutbox).set({ claimedAt: now }).where(inArray(pushOutbox.id, due)).returning();
  if (!claimed.length) return run;
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((c) => c.subscriptionId),
      ),
    );
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  for (const push of claimed.sort((a, b) => a.id - b.id)) {
    const sub = byId.get(push.subscriptionId);
    if (!sub || !deps.allowed(sub.endpoint)) {
      await db.delete(pushOutbox).where(eq(pushOutbox.id, push.id));
      run.dropped++;
      continue;
    }
    let status: number | null = null;
    let error = '';
    try {
      const request = webpush.generateRequestDetails(
        {
          endpoint: sub.endpoint,
          keys: { p256dh: sub.p256dh, auth: sub.auth },
        },
        JSON.stringify(push.message),
        {
          vapidDetails: {
            subject: deps.keys.subject,
            publicKey: deps.keys.publicKey,
            privateKey: deps.keys.privateKey,
          },
          TTL: push.ttl,
          urgency: push.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch sets the length itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await deps.fetchFor(sub.endpoint)(sub.endpoint, {
        method: 'POST',
        headers,
        body: request.body as Buffer<ArrayBuffer>,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'manual',
      });
      status = res.status;
      if (!res.ok) error = `${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`;
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'unknown error';
    }
    if (status !== null && status >= 200 && status < 300) {
      await db.delete(pushOutbox).where(eq(pushOutbox.id, push.id));
      run.sent++;
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed, or its subscription expired: nobody reads this endpoint any more.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      run.gone++;
      deps.log?.info({ subscriptionId: sub.id, status }, 'push subscription gone: removed');
    } else if ((status === null || status === 429 || status >= 500) && push.attempts + 1 < PUSH_MAX_ATTEMPTS) {
      const attempts = push.attempts + 1;
      await db
        .update(pushOutbox)
        .set({
          attempts,
          lastError: error,
          claimedAt: null,
          nextAttemptAt: new Date(now.getTime() + pushRetryDelayMs(attempts)),
        })
        .where(eq(pushOutbox.id, push.id));
      run.retried++;
      deps.log?.warn({ pushId: push.id, attempts, err: error }, 'push failed, will retry');
    } else {
      // Refused for good (a 4xx other than 404/410: our signature, a payload too large) or out of tries.
      await db.delete(pushOutbox).where(eq(pushOutbox.id, push.id));
      run.dropped++;
      deps.log?.error({ pushId: push.id, attempts: push.attempts + 1, err: error }, 'push given up');
    }
  }
  if (run.sent) deps.log?.info({ sent: run.sent }, 'pushes sent');
  return run;
}
