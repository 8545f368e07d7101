import webpush from 'web-push';
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';
import type { Env } from '../../env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The server's VAPID key pair (RFC 8292): production's from the environment (none: no push); the
 * demo's made at its first need and kept in the database, so subscriptions survive a restart and
 * every server on the database signs with the same pair (the first one written wins).
 */
export async function vapidKeysOf(db: Db, env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DEMO_DATA'>): Promise<VapidKeys | null> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    };
  if (!env.DEMO_DATA) return null;
  const made = webpush.generateVAPIDKeys();
  await db.insert(vapidKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys);
  return {
    publicKey: row!.publicKey,
    privateKey: row!.privateKey,
    subject: env.VAPID_SUBJECT,
  };
}
