import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { hashToken } from '../../server/lib/tokens';
import { AUTH_MESSAGES, PASSWORD_MESSAGE, userSchema } from '#shared/api/auth';
import { authFixtures, fieldError, NOW, SESSION } from './auth-fixtures';
import { cartOf, cookieOf, testFile } from './fixtures';

/** Resetting a forgotten password: the mailed link, and what setting the new password does. */

const file = testFile({ unlimitedStock: true });
const { app, db, mailsTo } = file;
const { newVisitor, meWithToken, uniqueEmail, login, me, newCustomer, loggedIn, sessionRow, addDish, resetLinkOf, askReset, reset } = authFixtures(file);

describe('password reset', () => {
  it('answers the same to a known and an unknown e-mail, and mails only the known one', async () => {
    const customer = await newCustomer();
    const unknown = uniqueEmail('inconnu');
    const known = await askReset(await newVisitor(), customer.email.toUpperCase());
    const other = await askReset(await newVisitor(), unknown);
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(other.body).toBe(known.body);

    expect(await mailsTo(unknown)).toEqual([]);
    const link = await resetLinkOf(customer.email);
    expect(link.email).toBe(customer.email);
    expect(link.text).toContain(`http://localhost:3000/compte/mot-de-passe/${link.token}?email=`);
    // Only the token's hash is stored, valid 60 minutes.
    const resets = await db().select().from(t.passwordResets).where(eq(t.passwordResets.customerId, customer.id));
    expect(resets).toEqual([expect.objectContaining({ tokenHash: hashToken(link.token), usedAt: null, expiresAt: new Date(NOW.getTime() + 60 * 60 * 1000) })]);
  });

  it('sets the new password once: the link is single-use, the old password is gone, the visitor is logged in', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);

    const v = await newVisitor();
    const anonymousToken = v.token();
    const res = await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetDone });
    // Logged in on a new session (browser-session cookies), the anonymous one gone.
    expect(v.token()).not.toBe(anonymousToken);
    expect(await sessionRow(anonymousToken)).toBeNull();
    expect(cookieOf(res, SESSION)?.expires).toBeUndefined();
    expect(userSchema.parse((await me(v)).json()).id).toBe(customer.id);

    const again = await reset(await newVisitor(), { token: link.token, email: link.email, password: 'autre-secret-77' });
    fieldError(again, 'token', AUTH_MESSAGES.resetInvalid);

    fieldError(await login(await newVisitor(), customer.email, customer.password), 'email', AUTH_MESSAGES.badCredentials);
    fieldError(await login(await newVisitor(), customer.email, 'autre-secret-77'), 'email', AUTH_MESSAGES.badCredentials);
    expect((await login(await newVisitor(), customer.email, 'nouveau-secret-99')).statusCode).toBe(200);
  });

  it('ends the customer’s older links too: only one reset per mail storm', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const first = await resetLinkOf(customer.email);
    await askReset(await newVisitor(), customer.email);
    const second = await resetLinkOf(customer.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(await newVisitor(), { token: second.token, email: customer.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    fieldError(await reset(await newVisitor(), { token: first.token, email: customer.email, password: 'autre-secret-77' }), 'token', AUTH_MESSAGES.resetInvalid);
    expect((await login(await newVisitor(), customer.email, 'nouveau-secret-99')).statusCode).toBe(200);
  });

  it('ends every other session of the customer', async () => {
    const customer = await newCustomer();
    const [desk, phone] = [await newVisitor(), await newVisitor()];
    expect((await login(desk, customer.email, customer.password, true)).statusCode).toBe(200);
    expect((await login(phone, customer.email, customer.password)).statusCode).toBe(200);
    const bystander = (await loggedIn()).v;

    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);

    expect((await me(desk)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const sessions = await db().select().from(t.sessions).where(eq(t.sessions.customerId, customer.id));
    expect(sessions.map((s) => s.id)).toEqual([hashToken(v.token())]);
    expect((await me(v)).statusCode).toBe(200);
    // Other customers are not touched.
    expect((await me(bystander)).statusCode).toBe(200);
  });

  it('works when the customer resets from a session already logged in as them', async () => {
    const { v, customer } = await loggedIn();
    const token = v.token();
    await askReset(v, customer.email);
    const link = await resetLinkOf(customer.email);
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    expect(v.token()).not.toBe(token);
    expect((await meWithToken(token)).statusCode).toBe(401);
    expect(userSchema.parse((await me(v)).json()).id).toBe(customer.id);
  });

  it('takes the resetting visitor’s anonymous cart along', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    const cart = cartOf(await addDish(v, 'tarte-tatin'));
    expect((await reset(v, { token: link.token, email: link.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
    expect(cartOf(await v.request('GET', '/api/cart')).products).toEqual(cart.products);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toHaveLength(1);
  });

  it('expires the link after 60 minutes', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const late = await resetLinkOf(customer.email);
    app.clock.set(new Date(NOW.getTime() + 60 * 60 * 1000 + 1000));
    fieldError(await reset(await newVisitor(), { token: late.token, email: late.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    expect((await login(await newVisitor(), customer.email, customer.password)).statusCode).toBe(200);

    // A link asked for now still works 59 minutes on.
    await askReset(await newVisitor(), customer.email);
    const fresh = await resetLinkOf(customer.email);
    expect(fresh.token).not.toBe(late.token);
    app.clock.set(new Date(app.clock.now().getTime() + 59 * 60 * 1000));
    expect((await reset(await newVisitor(), { token: fresh.token, email: fresh.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });

  it('refuses the token with another e-mail, without using it up', async () => {
    const customer = await newCustomer();
    const someone = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    for (const email of [someone.email, uniqueEmail('inconnu'), DEMO_CUSTOMER.email]) {
      fieldError(await reset(await newVisitor(), { token: link.token, email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    }
    // Nobody's password changed.
    expect((await login(await newVisitor(), someone.email, someone.password)).statusCode).toBe(200);
    expect((await login(await newVisitor(), customer.email, customer.password)).statusCode).toBe(200);
    // The right e-mail (any case) still can.
    expect((await reset(await newVisitor(), { token: link.token, email: customer.email.toUpperCase(), password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });

  it('refuses a made-up token, a short password and a differing confirmation (422)', async () => {
    const customer = await newCustomer();
    await askReset(await newVisitor(), customer.email);
    const link = await resetLinkOf(customer.email);
    const v = await newVisitor();
    fieldError(await reset(v, { token: 'x'.repeat(43), email: customer.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    fieldError(await reset(v, { token: 'court', email: customer.email, password: 'nouveau-secret-99' }), 'token', AUTH_MESSAGES.resetInvalid);
    fieldError(await reset(v, { token: link.token, email: customer.email, password: 'court' }), 'password', PASSWORD_MESSAGE);
    fieldError(
      await reset(v, { token: link.token, email: customer.email, password: 'nouveau-secret-99', password_confirmation: 'nouveau-secret-98' }),
      'password_confirmation',
      AUTH_MESSAGES.passwordsDiffer,
    );
    // None of these used the link up.
    expect((await reset(v, { token: link.token, email: customer.email, password: 'nouveau-secret-99' })).statusCode).toBe(200);
  });
});
