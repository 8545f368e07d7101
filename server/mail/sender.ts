import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Env } from '../env';
import type { OutgoingMail } from './outbox';
import { countMail } from '../lib/metrics';

/** A mail taken from the outbox, as a transport receives it. */
export interface QueuedMail extends OutgoingMail {
  id: number;
  createdAt: Date;
}

export interface Transport {
  /** Resolves once the mail is accepted for delivery; rejects to have it retried later. */
  send(mail: QueuedMail): Promise<void>;
  close?(): void;
}

/** A claim older than this is a sender that died mid-run: the mail is taken again. */
export const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
const BACKOFF_BASE_MS = 30 * 1000;
export const BACKOFF_CAP_MS = 60 * 60 * 1000;

/** The wait before the next try, once `attempts` tries have failed: 30 s, 1 min, 2 min … 1 h, then 1 h forever. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20), BACKOFF_CAP_MS);
}

export interface DeliverOptions {
  /** How many mails one run claims. */
  limit?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Sends the mails that are due and records each outcome; never deletes one. Mails are claimed by one
 * UPDATE over rows locked with SKIP LOCKED, so two senders (two server instances, or an overlapping
 * run) never take the same mail. A failed mail is retried with exponential backoff, indefinitely.
 * Delivery is at least once: a sender dying between the SMTP acceptance and the `sent_at` write
 * leaves a claim that expires, and that mail is sent again.
 */
export async function deliverDueMail(db: Db, transport: Transport, now: Date, options: DeliverOptions = {}): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? 20;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        // A never-tried mail is due at once: its next_attempt_at is the database's time at insert,
        // which the app's clock (settable in tests and the sandbox) may be behind.
        or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
        or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db.update(mailOutbox).set({ claimedAt: now }).where(inArray(mailOutbox.id, due)).returning();
  claimed.sort((a, b) => a.id - b.id);

  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    try {
      await transport.send({
        id: mail.id,
        createdAt: mail.createdAt,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments,
      });
    } catch (err) {
      failed++;
      const attempts = mail.attempts + 1;
      const delay = retryDelayMs(attempts);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';
      await db
        .update(mailOutbox)
        .set({ attempts, lastError: message, claimedAt: null, nextAttemptAt: new Date(now.getTime() + delay) })
        .where(eq(mailOutbox.id, mail.id));
      // Kept and retried every hour for good once at the cap: say so louder than a passing failure.
      const level = delay >= BACKOFF_CAP_MS ? 'error' : 'warn';
      options.log?.[level]({ mailId: mail.id, attempts, retryInMs: delay, err: message }, 'mail delivery failed, will retry');
      continue;
    }
    sent++;
    await db
      .update(mailOutbox)
      .set({ sentAt: now, claimedAt: null, lastError: null, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, mail.id));
  }
  countMail('sent', sent);
  countMail('failed', failed);
  if (sent) options.log?.info({ sent }, 'mail delivered');
  return { sent, failed };
}

/** The domain of the From address, for stable Message-IDs. */
function fromDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'popote.fr';
}

/** Delivers through an SMTP server (smtp:// or smtps:// URL, credentials included) with nodemailer. */
export function smtpTransport(url: string, from: string): Transport {
  // Short timeouts: a hung server must fail the try long before the claim expires.
  const transporter = createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  const domain = fromDomain(from);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        // An address object is never split into a list, whatever it holds.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        attachments: (mail.attachments ?? []).map((a) =>
          a.contentBase64 !== undefined
            ? { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') }
            : { filename: a.filename, contentType: a.contentType, path: a.path },
        ),
        // The same Message-ID on every try, so a receiver can drop a duplicate of a retried mail.
        messageId: `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** Accepts every mail: without SMTP_URL, mail is only read in the sandbox mailbox (/__sandbox/mailbox). */
export const sandboxTransport: Transport = {
  async send() {},
};

/**
 * The transport the environment asks for: SMTP when SMTP_URL is set, else the sandbox's. Null when
 * there is neither: mail then stays queued (not marked sent) until SMTP_URL is configured.
 */
export function mailTransport(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SANDBOX'>): Transport | null {
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, env.MAIL_FROM);
  return env.SANDBOX ? sandboxTransport : null;
}
