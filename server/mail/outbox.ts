import { EMAIL_PATTERN } from '#shared/api/fields';
import type { Db, Tx } from '../db/client';
import { mailOutbox, type MailAttachment } from '../db/schema';
import { countMail } from '../lib/metrics';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The mail holds a secret link valid until then: the purge deletes it soon after it is sent (server/lib/purge.ts). */
  secretUntil?: Date;
}

/**
 * Queues a mail in the caller's transaction: it is sent if and only if what triggered it commits.
 * The sender (server/mail/sender.ts) delivers it.
 */
export async function enqueueMail(tx: Db | Tx, mail: OutgoingMail): Promise<void> {
  // One mailbox per mail: an address a mailer would read as a list never gets queued.
  if (!EMAIL_PATTERN.test(mail.to)) throw new Error(`Not a single e-mail address: ${JSON.stringify(mail.to)}`);
  await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? [], secretUntil: mail.secretUntil ?? null });
  countMail('queued');
}
