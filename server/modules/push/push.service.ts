import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pushOutbox, pushSubscriptions, type PushMessage } from '../../db/schema';

type Conn = Db | Tx;

/** Where an order is followed in the customer's account: a notice's tap opens it. */
export const orderPageOf = (orderId: number) => `/passer-commande?volet=compte#commande-${orderId}`;

export interface PushOptions {
  /** Seconds a push service keeps the push for a phone out of reach (RFC 8030 TTL). */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Past this, the news is stale: it is never sent (nor retried). */
  expiresAt: Date;
}

/**
 * Queues a push to every browser each customer subscribed, in the caller's transaction: sent if
 * and only if what caused it commits, later, by the background sender (push-sender.ts). Answers
 * how many pushes were queued.
 */
export async function enqueuePushes(tx: Conn, notices: { customerId: number; message: PushMessage }[], options: PushOptions): Promise<number> {
  if (!notices.length) return 0;
  const subscriptions = await tx
    .select({
      id: pushSubscriptions.id,
      customerId: pushSubscriptions.customerId,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.customerId, [...new Set(notices.map((n) => n.customerId))]));
  const rows = subscriptions.flatMap((s) =>
    notices
      .filter((n) => n.customerId === s.customerId)
      .map((n) => ({
        subscriptionId: s.id,
        message: n.message,
        ttl: options.ttl,
        urgency: options.urgency,
        expiresAt: options.expiresAt,
      })),
  );
  if (rows.length) await tx.insert(pushOutbox).values(rows);
  return rows.length;
}

/**
 * Withdraws the pushes still queued with one of these tags and this title: news that what the
 * caller records makes wrong (a late notice once the tricycle is there). One being sent goes.
 */
export async function withdrawQueued(tx: Conn, tags: string[], title: string): Promise<number> {
  if (!tags.length) return 0;
  const gone = await tx
    .delete(pushOutbox)
    .where(and(inArray(sql`${pushOutbox.message}->>'tag'`, tags), sql`${pushOutbox.message}->>'title' = ${title}`))
    .returning({ id: pushOutbox.id });
  return gone.length;
}

/** Keeps a browser's subscription for a customer: a browser already known is theirs now, with its new keys. */
export async function saveSubscription(db: Db, customerId: number, sub: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ customerId, ...sub })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { customerId, p256dh: sub.p256dh, auth: sub.auth },
    });
}

/** Forgets a browser's subscription of this customer (its queued pushes go with it). */
export async function deleteSubscription(db: Db, customerId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.endpoint, endpoint)));
}
