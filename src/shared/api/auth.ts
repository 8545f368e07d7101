import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { SINGLE_LINE_PATTERN, emailField, emptyAsUnset, phoneField, singleLineMessage, textField } from './fields';

export const PASSWORD_MESSAGE = `Votre mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
export const AUTH_MESSAGES = {
  passwordsDiffer: 'Les deux mots de passe ne correspondent pas.',
  cgv: 'Merci d’accepter les conditions générales de vente.',
  emailTaken: 'Un compte existe déjà avec cette adresse email. Connectez-vous ou choisissez « Mot de passe oublié ».',
  badCredentials: 'Ces identifiants ne correspondent à aucun compte.',
  resetRequested: 'Votre demande de réinitialisation est bien enregistrée. Surveillez votre boite mail.',
  resetInvalid: 'Ce lien de réinitialisation n’est plus valable : demandez-en un nouveau.',
  resetDone: 'Votre mot de passe est modifié : vous êtes connecté.',
  unauthenticated: 'Vous devez être connecté.',
} as const;

const passwordField = z
  .string({ error: PASSWORD_MESSAGE })
  .check(z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGE }), z.maxLength(200, { error: 'Votre mot de passe est trop long (200 caractères au plus).' }));

/** A form's checkbox arrives as a boolean (JSON) or '1' / 'on' / 'true' (form data). */
const checkbox = (message?: string) =>
  z.pipe(
    z.union([z.boolean(), z.enum(['1', '0', 'on', 'true', 'false'])], message ? { error: message } : undefined),
    z.transform((v) => v === true || v === '1' || v === 'on' || v === 'true'),
  );

const samePasswords = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;

/** POST /api/register (docs/product/accounts.md). */
export const registerBodySchema = z
  .object({
    firstname: textField('prénom', 80),
    lastname: textField('nom', 80),
    company_name: z.union([
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(120, { error: 'Le nom de votre entreprise ne doit pas dépasser 120 caractères.' }),
          z.regex(SINGLE_LINE_PATTERN, { error: singleLineMessage('entreprise') }),
        ),
      ),
      emptyAsUnset,
    ]),
    phone: phoneField,
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
    cgv: checkbox(AUTH_MESSAGES.cgv).check(z.refine((v) => v, { error: AUTH_MESSAGES.cgv })),
  })
  .check(z.refine(samePasswords, { error: AUTH_MESSAGES.passwordsDiffer, path: ['password_confirmation'] }));
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /api/login */
export const loginBodySchema = z.object({
  email: emailField,
  password: z.string({ error: 'Merci de saisir votre mot de passe.' }).check(z.minLength(1, { error: 'Merci de saisir votre mot de passe.' }), z.maxLength(200)),
  remember: z._default(z.optional(checkbox()), false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /api/auth/password/email */
export const passwordEmailBodySchema = z.object({ email: emailField });

/** POST /api/auth/password/reset */
export const passwordResetBodySchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetInvalid }).check(z.minLength(20, { error: AUTH_MESSAGES.resetInvalid }), z.maxLength(200, { error: AUTH_MESSAGES.resetInvalid })),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
  })
  .check(z.refine(samePasswords, { error: AUTH_MESSAGES.passwordsDiffer, path: ['password_confirmation'] }));

export const messageSchema = z.object({ message: z.string() });

export const orderProductSchema = z.object({
  id: z.int(),
  buyable_type: z.string(),
  buyable_id: z.nullable(z.int()),
  name: z.string(),
  unit_price: z.int(),
  quantity: z.int(),
  /** The category a formula's dish was chosen in. */
  categories: z.array(z.string()),
  order_product_parent_id: z.nullable(z.int()),
  sub_products: z.array(z.object({ id: z.int(), name: z.string(), category: z.nullable(z.string()), unit_price: z.int() })),
});

/** An order as the account lists it (docs/product/orders-and-invoices.md); amounts in cents. */
export const orderSchema = z.object({
  id: z.int(),
  created_at: z.string(),
  invoice_number: z.nullable(z.string()),
  amount_total: z.int(),
  vat_amount: z.int(),
  current_status: z.int(),
  current_status_text: z.string(),
  /** dd/mm/yyyy */
  delivery_day: z.nullable(z.string()),
  /** hh:mm */
  delivery_end: z.nullable(z.string()),
  delivery_name: z.nullable(z.string()),
  products: z.array(orderProductSchema),
  /** Left to pay after delivery (paper vouchers or containers short of the declaration), cents. */
  balance_due: z.int(),
});
export type Order = z.infer<typeof orderSchema>;

export const poolHistorySchema = z.object({ created_at: z.string(), type_label: z.string(), amount: z.int() });

/** amount_type 1: `amount` is a whole percent; otherwise euro cents. */
export const sponsorCodeSchema = z.object({ code: z.string(), amount: z.int(), amount_type: z.int() });
export type SponsorCode = z.infer<typeof sponsorCodeSchema>;

/** GET /api/me: the logged-in customer (docs/product/accounts.md). */
export const userSchema = z.object({
  id: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  company_name: z.nullable(z.string()),
  email: z.string(),
  phone: z.string(),
  orders: z.array(orderSchema),
  pool: z.int(),
  /** Paper vouchers beyond their orders, credited once the staff confirms the courier got them ("en attente de remise"). */
  poolPending: z.int(),
  poolHistories: z.array(poolHistorySchema),
  deposits: z.int(),
  sponsorCodes: z.array(sponsorCodeSchema),
  isConnectedToEdenred: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
