import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { emailField, phoneField, textField } from './fields';

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

const passwordField = z.string({ error: PASSWORD_MESSAGE }).min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGE }).max(200, { error: 'Votre mot de passe est trop long (200 caractères au plus).' });

/** A form's checkbox arrives as a boolean (JSON) or '1' / 'on' / 'true' (form data). */
const checkbox = (message?: string) =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'on', 'true', 'false'])], message ? { error: message } : undefined)
    .transform((v) => v === true || v === '1' || v === 'on' || v === 'true');

const samePasswords = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;

/** POST /api/register (shop.md §3 "Signup fields", §5 "Signup"). */
export const registerBodySchema = z
  .object({
    firstname: textField('prénom', 80),
    lastname: textField('nom', 80),
    company_name: z.string().trim().max(120, { error: 'Le nom de votre entreprise ne doit pas dépasser 120 caractères.' }).optional().or(z.literal('').transform(() => undefined)),
    phone: phoneField,
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
    cgv: checkbox(AUTH_MESSAGES.cgv).refine((v) => v, { error: AUTH_MESSAGES.cgv }),
  })
  .refine(samePasswords, { error: AUTH_MESSAGES.passwordsDiffer, path: ['password_confirmation'] });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /api/login */
export const loginBodySchema = z.object({
  email: emailField,
  password: z.string({ error: 'Merci de saisir votre mot de passe.' }).min(1, { error: 'Merci de saisir votre mot de passe.' }).max(200),
  remember: checkbox().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /api/auth/password/email */
export const passwordEmailBodySchema = z.object({ email: emailField });

/** POST /api/auth/password/reset */
export const passwordResetBodySchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetInvalid }).min(20, { error: AUTH_MESSAGES.resetInvalid }).max(200, { error: AUTH_MESSAGES.resetInvalid }),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
  })
  .refine(samePasswords, { error: AUTH_MESSAGES.passwordsDiffer, path: ['password_confirmation'] });

export const messageSchema = z.object({ message: z.string() });

export const orderProductSchema = z.object({
  id: z.number().int(),
  buyable_type: z.string(),
  buyable_id: z.number().int().nullable(),
  name: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  /** The category a formula's dish was chosen in. */
  categories: z.array(z.string()),
  order_product_parent_id: z.number().int().nullable(),
  sub_products: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string().nullable(), unit_price: z.number().int() })),
});

/** An order as the account lists it (shop.md §3 "Order"); amounts in cents. */
export const orderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  invoice_number: z.string().nullable(),
  amount_total: z.number().int(),
  vat_amount: z.number().int(),
  current_status: z.number().int(),
  current_status_text: z.string(),
  /** dd/mm/yyyy */
  delivery_day: z.string().nullable(),
  /** hh:mm */
  delivery_end: z.string().nullable(),
  delivery_name: z.string().nullable(),
  products: z.array(orderProductSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const poolHistorySchema = z.object({ created_at: z.string(), type_label: z.string(), amount: z.number().int() });

/** amount_type 1: `amount` is a whole percent; otherwise euro cents. */
export const sponsorCodeSchema = z.object({ code: z.string(), amount: z.number().int(), amount_type: z.number().int() });
export type SponsorCode = z.infer<typeof sponsorCodeSchema>;

/** GET /api/me: the User of shop.md §3. */
export const userSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  orders: z.array(orderSchema),
  pool: z.number().int(),
  poolHistories: z.array(poolHistorySchema),
  deposits: z.number().int(),
  sponsorCodes: z.array(sponsorCodeSchema),
  isConnectedToEdenred: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
