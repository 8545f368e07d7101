import { z } from 'zod/mini';
import { isCalendarDate } from '../time';
import { MESSAGES } from './messages';

/*
 * Every schema in src/shared/api is written with zod/mini: the same validation as zod (one core,
 * the same issues and messages), but functions instead of methods, so the client's bundle carries
 * only the checks it uses (the home page's JavaScript budget; docs/architecture.md, "Client").
 */

/**
 * Field rules shared by every form and route. An e-mail is one mailbox: its local part takes the
 * characters of an unquoted address (no comma, semicolon, angle bracket or quote, which a mailer
 * would read as a second recipient or a display name), its domain letters, digits and hyphens.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;
/** One line: no line break or other control character (they would forge lines in the team's mail). */
export const SINGLE_LINE_PATTERN = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
export const singleLineMessage = (label: string) => `Votre ${label} doit tenir sur une seule ligne.`;
/** French phone: leading 0, +33 or 0033, then 9 digits (spaces, dots and dashes allowed between). */
export const PHONE_PATTERN = /^(?:0|(?:\+33|0033)[\s.-]?)[1-9](?:[\s.-]?\d{2}){4}$/;

/** Row ids are PostgreSQL integers: anything larger names nothing and is refused as input. */
export const MAX_ID = 2_147_483_647;
export const idField = (message: string) => z.int({ error: message }).check(z.positive({ error: message }), z.maximum(MAX_ID, { error: message }));

/**
 * The days a date input may name: the shop's dates are this century's. Outside it nothing exists,
 * and the calendar arithmetic of the routes (a day after 9999-12-31) would leave ISO dates.
 */
export const DATE_FLOOR = '2000-01-01';
export const DATE_CEILING = '2099-12-31';

/**
 * A calendar date 'YYYY-MM-DD' (delivery dates in query strings, a day to close): the format, then
 * a real day, then within the floor and ceiling, each refusal in French under the field. Each check
 * stops the next: a 70,000-character value is refused by the pattern alone, and '2026-02-30' must
 * never reach a date computation, where it would be an invalid Date and a 500.
 */
export const isoDateField = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La date doit être au format AAAA-MM-JJ.', abort: true }),
    z.refine(isCalendarDate, { error: 'Cette date n’existe pas dans le calendrier.', abort: true }),
    z.refine((value) => value >= DATE_FLOOR && value <= DATE_CEILING, { error: 'La date doit être comprise entre 2000 et 2099.' }),
  );

/**
 * An instant with its offset ('2026-11-23T12:04:00+01:00', a phone's clock): a real one (zod's
 * pattern checks the day) and within the same century, as year 0000 or 9999 would be refused by
 * PostgreSQL (a bare 422 without its field) or leave the ISO format once shifted to UTC.
 */
export const instantField = (message: string) =>
  z.iso.datetime({ offset: true, error: message, abort: true }).check(
    z.refine(
      (value) => {
        const ms = Date.parse(value);
        return ms >= Date.parse(`${DATE_FLOOR}T00:00:00Z`) && ms <= Date.parse(`${DATE_CEILING}T23:59:59.999Z`);
      },
      { error: message },
    ),
  );

/** ?date=YYYY-MM-DD: the delivery date to show (default: the current delivery date). */
export const dateQuerySchema = z.object({ date: z.optional(isoDateField) });

export const emailField = z
  .string({ error: MESSAGES.email })
  .check(z.trim(), z.maxLength(254, { error: MESSAGES.email }), z.regex(EMAIL_PATTERN, { error: MESSAGES.email }), z.toLowerCase());

export const phoneField = z.string({ error: MESSAGES.phone }).check(z.trim(), z.regex(PHONE_PATTERN, { error: MESSAGES.phone }));

/**
 * Any other text must hold something word-like: 'Merci de saisir ici votre {label}.' It holds one
 * line unless it is a message.
 */
export function textField(label: string, max = 255, options: { multiline?: boolean } = {}) {
  const message = MESSAGES.required(label);
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.maxLength(max, { error: `Votre ${label} ne doit pas dépasser ${max} caractères.` }),
      z.regex(/[\p{L}\p{N}]/u, { error: message }),
      ...(options.multiline ? [] : [z.regex(SINGLE_LINE_PATTERN, { error: singleLineMessage(label) })]),
    );
}

/** An optional text field a form sends empty: '' reads as not given. */
export const emptyAsUnset = z.pipe(z.literal(''), z.transform(() => undefined));
