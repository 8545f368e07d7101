import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscriptions as subs } from '../../db/schema';

/**
 * Subscribes an email. A duplicate keeps its original consent time; a re-subscription after an
 * unsubscription records the new consent.
 */
export async function subscribe(db: Db, email: string, now: Date, source: string): Promise<void> {
  await db
    .insert(subs)
    .values({ email, consentAt: now, source })
    .onConflictDoUpdate({
      target: subs.email,
      set: {
        consentAt: sql`case when ${subs.unsubscribedAt} is null then ${subs.consentAt} else excluded.consent_at end`,
        unsubscribedAt: null,
      },
    });
}

export async function unsubscribe(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(subs)
    .set({ unsubscribedAt: now })
    .where(and(eq(subs.email, email), isNull(subs.unsubscribedAt)));
}

export async function findSubscription(db: Db, email: string) {
  const [row] = await db.select().from(subs).where(eq(subs.email, email));
  return row ?? null;
}
