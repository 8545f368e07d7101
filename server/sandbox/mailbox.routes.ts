import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHOP_TIME_ZONE } from '#shared/time';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { notFound } from '../lib/errors';

const querySchema = z.object({ to: z.string().trim().max(320).optional() });
const attachmentParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647), index: z.coerce.number().int().min(0).max(20) });

/** The newest mails first, optionally only those to one address (case-insensitive). */
function mails(db: Db, to: string | undefined) {
  const query = db.select().from(mailOutbox);
  const filtered = to ? query.where(sql`lower(${mailOutbox.to}) = lower(${to})`) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(200);
}

type Mail = Awaited<ReturnType<typeof mails>>[number];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escaped text whose http(s) links are clickable; anything else stays text. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's final punctuation is not part of its link.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: SHOP_TIME_ZONE });

function status(mail: Mail): string {
  if (mail.sentAt) return `Envoyé le ${dateTime.format(mail.sentAt)}`;
  if (mail.attempts === 0) return 'En attente d’envoi';
  const tries = mail.attempts > 1 ? `${mail.attempts} tentatives` : '1 tentative';
  return `Échec (${tries}), nouvel essai à partir du ${dateTime.format(mail.nextAttemptAt)} : ${mail.lastError ?? ''}`;
}

function renderMail(mail: Mail): string {
  const attachments = mail.attachments.length
    ? `<p>Pièces jointes : ${mail.attachments
        .map((a, i) => `<a href="/__sandbox/mailbox/${mail.id}/attachments/${i}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)})`)
        .join(', ')}</p>`
    : '';
  const html = mail.html ? `<details><summary>Version HTML (source)</summary><pre>${escapeHtml(mail.html)}</pre></details>` : '';
  return `<article class="${mail.sentAt ? 'sent' : mail.attempts ? 'failed' : 'pending'}">
<h2>${escapeHtml(mail.subject)}</h2>
<dl><dt>À</dt><dd>${escapeHtml(mail.to)}</dd><dt>Créé le</dt><dd>${dateTime.format(mail.createdAt)}</dd><dt>Statut</dt><dd>${escapeHtml(status(mail))}</dd></dl>
<pre>${linkify(mail.text)}</pre>
${attachments}${html}</article>`;
}

function renderPage(list: Mail[], to: string | undefined): string {
  const title = to ? `Messages pour ${escapeHtml(to)}` : 'Tous les messages';
  const body = list.length ? list.map(renderMail).join('\n') : '<p>Aucun message pour l’instant.</p>';
  // The CSP allows inline styles (style-src 'unsafe-inline') but no inline script: the page has none.
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Boîte mail du bac à sable · Popote</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ccc;border-left-width:6px;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
article.sent{border-left-color:#2e7d32}article.pending{border-left-color:#999}article.failed{border-left-color:#c62828}
h2{font-size:1.1rem;margin:.4rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:0}
dt{font-weight:600}dd{margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:.6rem;border-radius:4px}
</style></head>
<body><h1>Boîte mail du bac à sable</h1>
<p>${title} (${list.length}), du plus récent au plus ancien. Filtrer : <code>?to=adresse</code> ;
JSON : <a href="/__sandbox/mailbox.json">/__sandbox/mailbox.json</a> ; vider : <code>DELETE /__sandbox/mailbox</code>.</p>
${body}
</body></html>`;
}

/**
 * Sandbox only: the mail Popote queued (sent or not), read from the outbox itself. An HTML page for
 * QA, JSON for tests, and a DELETE that empties it.
 */
export const sandboxMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/__sandbox/mailbox', { schema: { querystring: querySchema } }, async (request, reply) => {
    const list = await mails(app.db, request.query.to || undefined);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderPage(list, request.query.to || undefined));
  });

  app.get('/__sandbox/mailbox.json', { schema: { querystring: querySchema } }, async (request, reply) => {
    const list = await mails(app.db, request.query.to || undefined);
    reply.header('cache-control', 'no-store');
    return list.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: m.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType })),
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
      attempts: m.attempts,
      last_error: m.lastError,
    }));
  });

  /** A mail's attachment as the SMTP server would receive it (only files kept under DATA_DIR). */
  app.get('/__sandbox/mailbox/:id/attachments/:index', { schema: { params: attachmentParams } }, async (request, reply) => {
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
    const attachment = mail?.attachments[request.params.index];
    const root = resolve(app.env.DATA_DIR) + sep;
    if (!attachment) throw notFound('Pièce jointe introuvable.');
    // Stored with the mail (an invoice), or a file kept under DATA_DIR (contact uploads).
    const onDisk = attachment.path && resolve(attachment.path).startsWith(root) ? attachment.path : null;
    if (attachment.contentBase64 === undefined && !onDisk) throw notFound('Pièce jointe introuvable.');
    const content = attachment.contentBase64 !== undefined ? Buffer.from(attachment.contentBase64, 'base64') : await readFile(onDisk!).catch(() => null);
    if (!content) throw notFound('Pièce jointe introuvable.');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`)
      .type(attachment.contentType)
      .send(content);
  });

  app.delete('/__sandbox/mailbox', async (_request, reply) => {
    await app.db.delete(mailOutbox);
    return reply.code(204).send();
  });
};
