import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '#shared/api/auth';
import { ERROR_CODES } from '#shared/api/errors';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { createSession, type Session } from '../../plugins/session';
import { adoptCart } from '../cart/cart-merge.service';
import type { CartMergeNotice } from '#shared/api/state';
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure, throttleKeys } from '../../lib/login-throttle';
import { consumePasswordReset, customerByEmail, deleteCustomerSessions, deleteSession, endPasswordResets, insertCustomer, insertPasswordReset, setPassword, sponsorCodeTaken } from './auth.repo';

export const RESET_TTL_MS = 60 * 60 * 1000;

const fieldError = (field: string, message: string) => new AppError(422, ERROR_CODES.validation, message, { [field]: [message] });

/** Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** Capitals and digits that cannot be mistaken for one another (no I, O, 0 or 1): 32, so 5 bits each. */
const SPONSOR_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const SPONSOR_RANDOM_LENGTH = 10;

/**
 * 'CAMILLE' + 10 random characters, unique: the code a customer gives friends. The first name is
 * guessable, so the code's secret is its random part: 32^10 = 2^50 codes. A code is tried 30
 * times per address every 15 minutes at most (cart.routes.ts): a thousand addresses trying day
 * and night for a year make about 10^9 tries (2^30), which find one of 100 codes sharing a first
 * name with a chance of about 1 in 10,000 (2^30 × 100 / 2^50). Codes given before (first name and
 * 2 to 6 digits) are still honoured; only new ones are drawn this way.
 */
async function newSponsorCode(app: FastifyInstance, firstname: string): Promise<string> {
  const base = firstname.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase().slice(0, 8) || 'POPOTE';
  for (;;) {
    const random = Array.from({ length: SPONSOR_RANDOM_LENGTH }, () => SPONSOR_ALPHABET[randomInt(SPONSOR_ALPHABET.length)]).join('');
    const code = `${base}${random}`;
    if (!(await sponsorCodeTaken(app.db, code))) return code;
  }
}

/**
 * A new session for the customer (never the visitor's old one: no fixation). The visitor's cart
 * and delivery choice follow them, with the company code given for it (whoever typed it is who
 * logs in); the anonymous session is gone.
 */
export async function startCustomerSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
  remember: boolean,
): Promise<{ session: Session; cartNotice: CartMergeNotice | null }> {
  const old = request.session;
  const session = await createSession(app, reply, { customerId, remember, deliveryId: old?.deliveryId ?? null, accessCodeLocationId: old?.accessCodeLocationId ?? null });
  let cartNotice: CartMergeNotice | null = null;
  if (old) {
    if (!old.customerId) cartNotice = await adoptCart(app.db, old.id, customerId, app.clock.now());
    await deleteSession(app.db, old.id);
  }
  request.session = session;
  return { session, cartNotice };
}

export async function register(app: FastifyInstance, body: { firstname: string; lastname: string; company_name?: string; phone: string; email: string; password: string }) {
  if (await customerByEmail(app.db, body.email)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(body.password);
  for (let attempt = 0; ; attempt++) {
    const created = await createCustomer(app, body, passwordHash, await newSponsorCode(app, body.firstname));
    if (created) return created;
    // Nothing inserted: the e-mail was taken meanwhile (two sign-ups at once), or, rarely, the
    // sponsor code drawn at the same time by someone else: then draw another.
    if ((await customerByEmail(app.db, body.email)) || attempt >= 5) throw fieldError('email', AUTH_MESSAGES.emailTaken);
  }
}

/** The customer row and the welcome mail, in one transaction; null when a unique index refused it. */
async function createCustomer(
  app: FastifyInstance,
  body: { firstname: string; lastname: string; company_name?: string; phone: string; email: string },
  passwordHash: string,
  sponsorCode: string,
) {
  return app.db.transaction(async (tx) => {
    const created = await insertCustomer(tx, {
      firstname: body.firstname,
      lastname: body.lastname,
      // '' (an emptied field) is no company: the schema's '' branch never runs, z.string() takes it first.
      companyName: body.company_name || null,
      phone: body.phone,
      email: body.email,
      passwordHash,
      sponsorCode,
    });
    if (!created) return null;
    // Nothing typed at sign-up is quoted: the address is not proven yet, and a first name such as
    // « Urgent : payez ici https://… » would be sent to anyone, from the shop's own domain.
    await enqueueMail(tx, {
      to: created.email,
      subject: 'Bienvenue chez Popote !',
      text: [
        'Bonjour,',
        '',
        'Votre compte Popote est prêt : commandez vos déjeuners jusqu’à la fin des commandes de votre tournée.',
        `Votre code parrain : ${created.sponsorCode}. Offrez-le à vos collègues pour leur première commande.`,
        '',
        `À très vite sur ${app.env.PUBLIC_URL}`,
        'L’équipe Popote',
      ].join('\n'),
    });
    return created;
  });
}

/** The customer of an e-mail, unless it is the demo's where demo data is not allowed (production). */
async function liveCustomerByEmail(app: FastifyInstance, email: string) {
  const customer = await customerByEmail(app.db, email);
  return customer && (!customer.demo || app.env.DEMO_DATA) ? customer : null;
}

/**
 * Checks the password, slowed down per address and e-mail (login-throttle.ts): the attempt takes
 * its slot before the password is compared, so attempts sent at once all count; a wrong one keeps
 * it, a right one forgets that account's failures. An attempt that fails otherwise (the database
 * gone) keeps its slot too: it may have been a guess.
 */
export async function login(app: FastifyInstance, ip: string, email: string, password: string) {
  const keys = throttleKeys(ip, email);
  const now = app.clock.now();
  await claimLoginAttempt(app.db, keys, now);
  const customer = await liveCustomerByEmail(app, email);
  dummyHash ??= hashPassword('popote-dummy-password');
  const ok = await verifyPassword(password, customer?.passwordHash ?? (await dummyHash));
  if (!customer || !ok) {
    await recordLoginFailure(app.db, keys, now);
    throw fieldError('email', AUTH_MESSAGES.badCredentials);
  }
  await clearLoginFailures(app.db, keys);
  return customer;
}

/** The delivery choice stays on the device; a company code given does not (the next person may not have it). */
export async function logout(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const old = request.session;
  request.session = await createSession(app, reply, { deliveryId: old?.deliveryId ?? null });
  if (old) await deleteSession(app.db, old.id);
}

/** Queues the reset mail when the e-mail is a customer's; the caller answers the same either way. */
export async function requestPasswordReset(app: FastifyInstance, email: string) {
  const customer = await liveCustomerByEmail(app, email);
  if (!customer) return;
  const token = randomToken();
  const link = new URL(`/compte/mot-de-passe/${token}`, app.env.PUBLIC_URL);
  link.searchParams.set('email', customer.email);
  const expiresAt = new Date(app.clock.now().getTime() + RESET_TTL_MS);
  await app.db.transaction(async (tx) => {
    await insertPasswordReset(tx, hashToken(token), customer.id, expiresAt);
    await enqueueMail(tx, {
      to: customer.email,
      // It holds the link: purged from the outbox soon after it leaves (server/lib/purge.ts).
      secretUntil: expiresAt,
      subject: 'Réinitialisez votre mot de passe Popote',
      // No first name either: whoever signed up with this address chose it (createCustomer).
      text: [
        'Bonjour,',
        '',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 60 minutes, une seule fois) :',
        link.toString(),
        '',
        'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.',
        'L’équipe Popote',
      ].join('\n'),
    });
  });
}

/** Sets the new password from a live token; every other session of the customer ends. */
export async function resetPassword(app: FastifyInstance, body: { token: string; email: string; password: string }): Promise<number> {
  const customer = await liveCustomerByEmail(app, body.email);
  const passwordHash = await hashPassword(body.password);
  const customerId = await app.db.transaction(async (tx) => {
    const owner = await consumePasswordReset(tx, hashToken(body.token), app.clock.now());
    if (!owner || owner !== customer?.id) throw fieldError('token', AUTH_MESSAGES.resetInvalid);
    await setPassword(tx, owner, passwordHash);
    await endPasswordResets(tx, owner, app.clock.now());
    await deleteCustomerSessions(tx, owner);
    return owner;
  });
  return customerId;
}
