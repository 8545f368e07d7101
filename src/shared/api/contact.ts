import { z } from 'zod/mini';
import { EMAIL_PATTERN, PHONE_PATTERN, SINGLE_LINE_PATTERN, emailField, emptyAsUnset, phoneField, singleLineMessage, textField } from './fields';
import { MESSAGES } from './messages';

/** The contact form's three modes (docs/product/contact.md): the /contact page, job applications, the account's help. */
export const CONTACT_MODES = ['contactPage', 'apply', 'userAccount'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];

/**
 * Which subjects a form offers (docs/product/contact.md): the application form the job subjects
 * (contact types keyed 'job' or 'job-…'), the contact page and the account's help the others.
 */
export const isJobType = (key: string) => key === 'job' || key.startsWith('job-');
export function requestTypesFor<T>(mode: ContactMode, types: readonly (readonly [string, T])[]): (readonly [string, T])[] {
  return types.filter(([key]) => (mode === 'apply') === isJobType(key));
}

/** Attachments (docs/product/contact.md): 2 files at most, 5 MB each and 5 MB in all (1 MB = 1024 × 1024 bytes). */
export const MAX_FILES = 2;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 5 * 1024 * 1024;
export const MESSAGE_MAX_LENGTH = 5000;

/** The contact form's French wording (docs/product/contact.md). */
export const CONTACT_MESSAGES = {
  success: 'Votre message est en route. :)',
  sending: 'Envoi en cours...',
  failureTitle: "Votre email n'a pas pu être envoyé",
  failureMessage: 'Attention, nous avons détecté une erreur dans votre saisie, vérifiez-la.',
  /** No answer: nothing was wrong with what was typed, which stays in the form. */
  networkFailure: 'Le réseau a manqué : votre message n’est peut-être pas parti. Ce que vous avez écrit est conservé : réessayez dans un instant.',
  serverFailure: 'Le serveur n’a pas pu traiter votre message. Ce que vous avez écrit est conservé : réessayez dans un instant.',
  fileTooBig: 'Le fichier est trop gros. Taille maximale du fichier : 5MB.',
  fileType: 'Vous ne pouvez pas télécharger des fichiers de ce type.',
  tooManyFiles: 'Vous ne pouvez plus télécharger de fichiers.',
  totalTooBig: "Vous avez atteint la taille maximum de 5Mo, merci d'enlever des fichiers ou de réduire leurs tailles.",
  uploadError: (status: number) => `Le serveur a répondu avec le code ${status}.`,
} as const;

/**
 * The file types an attachment may be, decided by its content (never by its name or the browser's
 * MIME type): PDF, JPEG, PNG, and CVs as Word (.doc, .docx) or OpenDocument text (.odt).
 */
export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt' },
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** For the file picker's filter (a hint only: the server judges the content). */
export const FILE_ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.odt', ...Object.values(FILE_TYPES).map((t) => t.mime)].join(',');

/**
 * What a file's first bytes say it may be: a final answer for PDF, JPEG and PNG; 'ole' (a .doc,
 * or another OLE2 file such as an installer) and 'zip' (a .docx or .odt, or any archive) need a
 * look inside, which the server does. Null: not an allowed type.
 */
export function sniffFileType(head: Uint8Array): 'pdf' | 'jpeg' | 'png' | 'ole' | 'zip' | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  return null;
}

/** '1,2 Mo', '340 Ko': a file's size as the picker shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}

/** A form's checkbox: a boolean (JSON) or '1' / '0' (form data); unset means yes. */
const recallField = z.pipe(
  z.optional(z.union([z.boolean(), z.enum(['0', '1'])], { error: 'La case « être rappelé » vaut 1 ou 0.' })),
  z.transform((v) => v === undefined || v === true || v === '1'),
);

const text = (max: number) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `Ce champ ne doit pas dépasser ${max} caractères.` }))), '');

const submissionIdField = z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Identifiant d’envoi invalide.' }));

/**
 * POST /api/contact (multipart; the files are parts named `files`, checked apart). Required fields
 * by mode (docs/product/contact.md): identity in contactPage and apply, the request type in contactPage and
 * userAccount, the message always. In userAccount mode the identity is the logged-in customer's.
 */
export const contactBodySchema = z.pipe(
  z
    .object({
      mode: z._default(z.optional(z.enum(CONTACT_MODES, { error: 'Le formulaire envoyé est inconnu.' })), 'contactPage'),
      request_type: text(50),
      message: text(MESSAGE_MAX_LENGTH),
      firstname: text(80),
      lastname: text(80),
      email: text(254),
      phone: text(30),
      recall: recallField,
      /** The client's key for this submission: a retry of it is stored once. */
      submission_id: z.union([z.optional(submissionIdField), emptyAsUnset]),
    })
    .check(
      z.superRefine((v, ctx) => {
        const wordLike = /[\p{L}\p{N}]/u;
        const need = (field: keyof typeof v, label: string) => {
          if (!wordLike.test(String(v[field] ?? ''))) ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required(label) });
        };
        const oneLine = (field: keyof typeof v, label: string) => {
          if (!SINGLE_LINE_PATTERN.test(String(v[field] ?? ''))) ctx.addIssue({ code: 'custom', path: [field], message: singleLineMessage(label) });
        };
        oneLine('lastname', 'nom');
        oneLine('firstname', 'prénom');
        oneLine('phone', 'téléphone');
        oneLine('request_type', 'objet');
        if (v.mode !== 'userAccount') {
          need('lastname', 'nom');
          need('firstname', 'prénom');
          if (!EMAIL_PATTERN.test(v.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.email });
          if (!PHONE_PATTERN.test(v.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phone });
        }
        if (v.mode !== 'apply' && !wordLike.test(v.request_type)) ctx.addIssue({ code: 'custom', path: ['request_type'], message: MESSAGES.requestType });
        need('message', 'message');
      }),
    ),
  z.transform((v) => ({ ...v, email: v.email.toLowerCase(), request_type: v.request_type || undefined })),
);
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactFields = z.output<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ message: z.string(), id: z.optional(z.int()) });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const HEADCOUNT_MESSAGE = 'Indiquez le nombre approximatif de salariés présents sur le site.';

/** POST /api/landing-page/contact: a company asks for a private delivery point (/entreprises). */
export const landingContactBodySchema = z.object({
  company: textField('entreprise', 120),
  name: textField('nom', 120),
  email: emailField,
  phone: phoneField,
  // A number (JSON) or digits (a form's text field): 1 to 100 000.
  headcount: z.pipe(
    z.union([z.number(), z.string()], { error: HEADCOUNT_MESSAGE }),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (Number.isInteger(n) && n >= 1 && n <= 100_000) return n;
      ctx.issues.push({ code: 'custom', message: HEADCOUNT_MESSAGE, input: v });
      return z.NEVER;
    }),
  ),
  message: textField('message', MESSAGE_MAX_LENGTH, { multiline: true }),
  submission_id: z.optional(submissionIdField),
});
export type LandingContactBody = z.input<typeof landingContactBodySchema>;
