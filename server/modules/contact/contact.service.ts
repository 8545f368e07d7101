import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatFileSize, isJobType, type ContactFields, type ContactMode } from '#shared/api/contact';
import { ERROR_CODES } from '#shared/api/errors';
import { SHOP_TIME_ZONE } from '#shared/time';
import { companyRequests, contactAttachments, contactMessages, contactTypes, customers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import type { StoredFile } from './uploads';

const MODE_NAMES: Record<ContactMode, string> = {
  contactPage: 'page Contact',
  apply: 'Rejoignez-nous (candidature)',
  userAccount: 'aide du compte client',
};

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

const HOURS = 'Notre équipe vous répond du lundi au vendredi, de 8 h à 15 h.';

const fieldError = (field: string, message: string) => new AppError(422, ERROR_CODES.validation, message, { [field]: [message] });

/** Who writes: the form's identity, or in userAccount mode the logged-in customer's. */
async function sender(app: FastifyInstance, fields: ContactFields, customerId: number | null) {
  if (fields.mode !== 'userAccount') {
    return { firstname: fields.firstname, lastname: fields.lastname, email: fields.email, phone: fields.phone, customerId };
  }
  if (!customerId) throw new AppError(401, 'unauthenticated', 'Connectez-vous pour écrire depuis votre compte.');
  const [customer] = await app.db
    .select({ firstname: customers.firstname, lastname: customers.lastname, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new AppError(401, 'unauthenticated', 'Connectez-vous pour écrire depuis votre compte.');
  return { ...customer, customerId };
}

/** The request type's label; apply mode defaults to the 'job' type when the shop has one. */
async function requestType(app: FastifyInstance, fields: ContactFields): Promise<{ key: string; label: string } | null> {
  const key = fields.request_type ?? (fields.mode === 'apply' ? 'job' : undefined);
  if (!key) return null;
  const [row] = await app.db.select().from(contactTypes).where(eq(contactTypes.key, key));
  // The application form's subjects are the job ones, the other forms' the others.
  if (row && (fields.mode === 'apply') !== isJobType(row.key)) throw fieldError('request_type', 'Merci de choisir l’objet de votre demande dans la liste.');
  if (row) return { key: row.key, label: row.label };
  if (fields.request_type) throw fieldError('request_type', 'Merci de choisir l’objet de votre demande dans la liste.');
  return null;
}

export interface StoredContact {
  id: number;
  /** False when this submission had been stored already (a retried upload). */
  created: boolean;
}

/** Fails before any file is moved: the message cannot be stored as it is. */
export async function checkContact(app: FastifyInstance, fields: ContactFields, customerId: number | null, fileCount: number) {
  if (fileCount > 0 && fields.mode !== 'apply') throw new AppError(422, 'files_not_allowed', 'Les pièces jointes s’envoient avec une candidature.', { files: ['Les pièces jointes s’envoient avec une candidature.'] });
  return { who: await sender(app, fields, customerId), type: await requestType(app, fields) };
}

/**
 * Stores the message and its files' records, then queues, in the same transaction, the mail to the
 * team (with the files attached) and the acknowledgement to the sender. A submission id already
 * stored answers that message again and stores nothing.
 */
export async function storeContact(
  app: FastifyInstance,
  fields: ContactFields,
  checked: Awaited<ReturnType<typeof checkContact>>,
  files: StoredFile[],
): Promise<StoredContact> {
  const { who, type } = checked;
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({
        submissionId: fields.submission_id ?? null,
        mode: fields.mode,
        requestType: type?.key ?? null,
        requestTypeLabel: type?.label ?? null,
        firstname: who.firstname,
        lastname: who.lastname,
        email: who.email,
        phone: who.phone,
        recall: fields.recall,
        message: fields.message,
        customerId: who.customerId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: contactMessages.submissionId })
      .returning({ id: contactMessages.id });
    if (!message) {
      const [existing] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.submissionId, fields.submission_id!));
      return { id: existing!.id, created: false };
    }
    if (files.length) {
      await tx.insert(contactAttachments).values(
        files.map((f, position) => ({
          messageId: message.id,
          position,
          filename: f.filename,
          contentType: f.contentType,
          sizeBytes: f.size,
          sha256: f.sha256,
          storagePath: f.storagePath,
          createdAt: now,
        })),
      );
    }
    const applying = fields.mode === 'apply';
    const name = `${who.firstname} ${who.lastname}`.trim();
    const subject = applying ? `[Candidature] ${name}` : `[Contact] ${type?.label ?? 'Message'} — ${name}`;
    await enqueueMail(tx, {
      to: applying ? app.env.JOBS_MAIL_TO : app.env.CONTACT_MAIL_TO,
      subject,
      text: [
        `Nouveau message depuis le formulaire (${MODE_NAMES[fields.mode]}), n° ${message.id}, reçu le ${dateTime.format(now)}.`,
        '',
        `Objet : ${type?.label ?? '—'}`,
        `De : ${name} <${who.email}>`,
        `Téléphone : ${who.phone || '—'}`,
        `Souhaite être rappelé : ${fields.recall ? 'oui' : 'non'}`,
        ...(who.customerId ? [`Client n° ${who.customerId}`] : []),
        '',
        'Message :',
        fields.message,
        ...(files.length ? ['', `Pièces jointes : ${files.map((f) => `${f.filename} (${formatFileSize(f.size)})`).join(', ')}`] : []),
      ].join('\n'),
      attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, path: f.absolutePath })),
    });
    // The acknowledgement quotes nothing the visitor typed: the form cannot send their text to anyone.
    await enqueueMail(tx, {
      to: who.email,
      subject: applying ? 'Nous avons bien reçu votre candidature' : 'Nous avons bien reçu votre message',
      text: [
        'Bonjour,',
        '',
        applying
          ? `Merci pour votre candidature${files.length ? ` et ${files.length > 1 ? 'vos pièces jointes' : 'votre pièce jointe'}` : ''} : nous répondons à chacune, positive ou non.`
          : `Nous avons bien reçu votre message${type ? ` (« ${type.label} »)` : ''} et nous revenons vers vous au plus vite.`,
        HOURS,
        '',
        'L’équipe Popote',
      ].join('\n'),
    });
    return { id: message.id, created: true };
  });
}

export interface CompanyRequest {
  company: string;
  name: string;
  email: string;
  phone: string;
  headcount: number;
  message: string;
  submission_id?: string;
}

/** Stores a company's request and queues the team's mail and the acknowledgement with it. */
export async function storeCompanyRequest(app: FastifyInstance, body: CompanyRequest): Promise<StoredContact> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companyRequests)
      .values({
        submissionId: body.submission_id ?? null,
        company: body.company,
        name: body.name,
        email: body.email,
        phone: body.phone,
        headcount: body.headcount,
        message: body.message,
        createdAt: now,
      })
      .onConflictDoNothing({ target: companyRequests.submissionId })
      .returning({ id: companyRequests.id });
    if (!row) {
      const [existing] = await tx.select({ id: companyRequests.id }).from(companyRequests).where(eq(companyRequests.submissionId, body.submission_id!));
      return { id: existing!.id, created: false };
    }
    await enqueueMail(tx, {
      to: app.env.COMPANIES_MAIL_TO,
      subject: `[Entreprise] ${body.company} — ${body.headcount} salarié${body.headcount > 1 ? 's' : ''}`,
      text: [
        `Demande de point de livraison (page Entreprises), n° ${row.id}, reçue le ${dateTime.format(now)}.`,
        '',
        `Entreprise : ${body.company}`,
        `Salariés sur le site : ${body.headcount}`,
        `Contact : ${body.name} <${body.email}>`,
        `Téléphone : ${body.phone}`,
        '',
        'Message :',
        body.message,
      ].join('\n'),
    });
    await enqueueMail(tx, {
      to: body.email,
      subject: 'Votre demande de point de livraison Popote',
      text: ['Bonjour,', '', 'Nous avons bien reçu votre demande de point de livraison pour votre entreprise : nous étudions la tournée et revenons vers vous au plus vite.', HOURS, '', 'L’équipe Popote'].join('\n'),
    });
    return { id: row.id, created: true };
  });
}
