import { z } from 'zod/mini';
import { MESSAGES } from './messages';

/*
 * Every schema in src/shared/api is written with zod/mini: the same validation as zod (one core,
 * the same issues and messages), but functions instead of methods, so the client's bundle carries
 * only the checks it uses (the home page's JavaScript budget; README, "Bundle budget").
 */

/** Field rules shared by every form and route (shop.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** French phone: leading 0, +33 or 0033, then 9 digits (spaces, dots and dashes allowed between). */
export const PHONE_PATTERN = /^(?:0|(?:\+33|0033)[\s.-]?)[1-9](?:[\s.-]?\d{2}){4}$/;

/** Row ids are PostgreSQL integers: anything larger names nothing and is refused as input. */
export const MAX_ID = 2_147_483_647;
export const idField = (message: string) => z.int({ error: message }).check(z.positive({ error: message }), z.maximum(MAX_ID, { error: message }));

/** A calendar date 'YYYY-MM-DD' (delivery dates in query strings). */
export const isoDateField = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La date doit être au format AAAA-MM-JJ.' }));

/** ?date=YYYY-MM-DD: the delivery date to show (default: the current delivery date). */
export const dateQuerySchema = z.object({ date: z.optional(isoDateField) });

export const emailField = z
  .string({ error: MESSAGES.email })
  .check(z.trim(), z.maxLength(254, { error: MESSAGES.email }), z.regex(EMAIL_PATTERN, { error: MESSAGES.email }), z.toLowerCase());

export const phoneField = z.string({ error: MESSAGES.phone }).check(z.trim(), z.regex(PHONE_PATTERN, { error: MESSAGES.phone }));

/** Any other text must hold something word-like: 'Merci de saisir ici votre {label}.' */
export function textField(label: string, max = 255) {
  const message = MESSAGES.required(label);
  return z
    .string({ error: message })
    .check(z.trim(), z.maxLength(max, { error: `Votre ${label} ne doit pas dépasser ${max} caractères.` }), z.regex(/[\p{L}\p{N}]/u, { error: message }));
}

/** An optional text field a form sends empty: '' reads as not given. */
export const emptyAsUnset = z.pipe(z.literal(''), z.transform(() => undefined));
