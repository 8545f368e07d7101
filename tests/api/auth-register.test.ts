import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { AUTH_MESSAGES, PASSWORD_MESSAGE } from '#shared/api/auth';
import { MESSAGES } from '#shared/api/messages';
import { customerSummarySchema } from '#shared/api/state';
import { authFixtures, fieldError, PASSWORD } from './auth-fixtures';
import { testFile } from './fixtures';
import { refused } from './helpers';

/** Signing up: POST /api/register. */

const file = testFile({ unlimitedStock: true });
const { mailsTo } = file;
const { newVisitor, uniqueEmail, signup, register, login, newCustomer, customerRow } = authFixtures(file);

describe('POST /api/register', () => {
  it('creates the customer and answers its summary (201)', async () => {
    const v = await newVisitor();
    const email = uniqueEmail('Inscription');
    const res = await register(v, { email: `  ${email.toUpperCase()} `, firstname: ' Zoé ', company_name: 'Canut & Cie' });
    expect(res.statusCode, res.body).toBe(201);
    const summary = customerSummarySchema.parse(res.json());
    expect(summary).toEqual({ id: expect.any(Number), firstname: 'Zoé', lastname: 'Lambert', email: email.toLowerCase(), phone: '06 12 34 56 78', isConnectedToEdenred: false });
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'firstname', 'id', 'isConnectedToEdenred', 'lastname', 'phone']);

    const [row] = await customerRow(email.toLowerCase());
    expect(row).toMatchObject({ id: summary.id, companyName: 'Canut & Cie' });
    expect(await file.moneyOf(summary.id)).toMatchObject({ pool: 0, poolPending: 0, containers: 0, history: [] });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    // The new customer can log in with what they chose.
    expect((await login(await newVisitor(), email, PASSWORD)).statusCode).toBe(200);
  });

  it('gives every customer a unique sponsor code: the first name’s letters in capitals, then 10 random characters (50 bits) that are neither I, O, 0 nor 1', async () => {
    const zoes = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);
    const codes: string[] = [];
    for (const zoe of zoes) {
      const [row] = await customerRow(zoe.email);
      expect(row!.sponsorCode).toMatch(/^ZOE[2-9A-HJ-NP-Z]{10}$/);
      codes.push(row!.sponsorCode);
    }
    expect(new Set(codes).size).toBe(3);

    const accented = await newCustomer({ firstname: 'Jean-Éric' });
    expect((await customerRow(accented.email))[0]!.sponsorCode).toMatch(/^JEANERIC[2-9A-HJ-NP-Z]{10}$/);
    const long = await newCustomer({ firstname: 'Marie-Bérengère' });
    expect((await customerRow(long.email))[0]!.sponsorCode).toMatch(/^MARIEBER[2-9A-HJ-NP-Z]{10}$/);
    // A first name without Latin letters still gets a code.
    const other = await newCustomer({ firstname: '李' });
    expect((await customerRow(other.email))[0]!.sponsorCode).toMatch(/^POPOTE[2-9A-HJ-NP-Z]{10}$/);
  });

  it('queues a welcome mail with the sponsor code', async () => {
    const customer = await newCustomer({ firstname: 'Lucien' });
    const [row] = await customerRow(customer.email);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Bienvenue chez Popote !', sentAt: null });
    expect(mails[0]!.text).toMatch(/^Bonjour,\n/);
    expect(mails[0]!.text).not.toContain('Lucien');
    expect(mails[0]!.text).toContain(row!.sponsorCode);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('takes the company as optional (%s)', async (_label, company_name) => {
    const customer = await newCustomer({ company_name });
    expect((await customerRow(customer.email))[0]!.companyName).toBeNull();
  });

  it.each([
    ['firstname', undefined, MESSAGES.required('prénom')],
    ['firstname', '', MESSAGES.required('prénom')],
    ['firstname', '   ', MESSAGES.required('prénom')],
    ['firstname', '!!!', MESSAGES.required('prénom')],
    ['firstname', 42, MESSAGES.required('prénom')],
    ['lastname', undefined, MESSAGES.required('nom')],
    ['lastname', '', MESSAGES.required('nom')],
    ['lastname', ' - ', MESSAGES.required('nom')],
    ['firstname', 'A'.repeat(81), 'Votre prénom ne doit pas dépasser 80 caractères.'],
    ['email', undefined, MESSAGES.email],
    ['email', '', MESSAGES.email],
    ['email', 'pas-une-adresse', MESSAGES.email],
    ['email', 'zoe@lyon', MESSAGES.email],
    ['email', 'zoé @lyon.fr', MESSAGES.email],
    ['email', `${'z'.repeat(250)}@example.fr`, MESSAGES.email],
    ['phone', undefined, MESSAGES.phone],
    ['phone', '', MESSAGES.phone],
    ['phone', '12345', MESSAGES.phone],
    ['phone', '0012345678', MESSAGES.phone],
    ['phone', '+44612345678', MESSAGES.phone],
    ['phone', '061234567', MESSAGES.phone],
    ['phone', '06123456789', MESSAGES.phone],
    ['phone', 612345678, MESSAGES.phone],
    ['password', undefined, PASSWORD_MESSAGE],
    ['password', 'court', PASSWORD_MESSAGE],
    ['password', '1234567', PASSWORD_MESSAGE],
    ['cgv', false, AUTH_MESSAGES.cgv],
    ['cgv', '0', AUTH_MESSAGES.cgv],
    ['cgv', 'false', AUTH_MESSAGES.cgv],
  ])('refuses %s = %j with its French message (422)', async (field, value, message) => {
    const email = uniqueEmail('refus');
    const body = signup({ email, [field]: value });
    if (field === 'password' && typeof value === 'string') body.password_confirmation = value;
    const res = await (await newVisitor()).request('POST', '/api/register', body);
    const error = fieldError(res, field, message);
    expect(Object.keys(error.errors!)).toEqual([field]);
    expect(error.message).toBe(message);
    expect(await customerRow(email)).toEqual([]);
  });

  it('refuses a confirmation that differs from the password, or is missing', async () => {
    for (const password_confirmation of ['correct-horse-43', undefined, '']) {
      const email = uniqueEmail('confirmation');
      const res = await register(await newVisitor(), { email, password_confirmation });
      fieldError(res, 'password_confirmation', AUTH_MESSAGES.passwordsDiffer);
      expect(await customerRow(email)).toEqual([]);
    }
  });

  it('names every wrong field at once', async () => {
    const res = await (await newVisitor()).request('POST', '/api/register', { cgv: false });
    const body = refused(res, 422, 'validation_failed');
    expect(body.errors).toMatchObject({
      firstname: [MESSAGES.required('prénom')],
      lastname: [MESSAGES.required('nom')],
      phone: [MESSAGES.phone],
      email: [MESSAGES.email],
      password: [PASSWORD_MESSAGE],
      password_confirmation: [AUTH_MESSAGES.passwordsDiffer],
      cgv: [AUTH_MESSAGES.cgv],
    });
  });

  it.each(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '04-78-00-00-00', '+33612345678', '0033612345678', ' 0612345678 '])(
    'accepts the French phone %j',
    async (phone) => {
      const customer = await newCustomer({ phone });
      expect(customer.phone).toBe(phone.trim());
    },
  );

  // A separator right after +33 / 0033 is how such numbers are often written.
  it.each(['0033 6 12 34 56 78', '+33 6 12 34 56 78'])('accepts the international form with spaces %j', async (phone) => {
    const res = await register(await newVisitor(), { phone });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([true, '1', 'on', 'true'])('takes cgv = %j as accepted', async (cgv) => {
    await newCustomer({ cgv });
  });

  // A missing or unexpected cgv answers the French message of the terms box, not zod's generic one.
  it.each([['missing', undefined], ['null', null], ['yes', 'yes'], ['number', 1]])('refuses cgv %s with its French message', async (_label, cgv) => {
    const res = await register(await newVisitor(), { cgv });
    fieldError(res, 'cgv', AUTH_MESSAGES.cgv);
  });

  it('still refuses a missing or unexpected cgv (422, never 201 or 500)', async () => {
    for (const cgv of [undefined, null, 'yes', 1, [], {}]) {
      const email = uniqueEmail('cgv');
      const res = await register(await newVisitor(), { email, cgv });
      const body = refused(res, 422, 'validation_failed');
      expect(Object.keys(body.errors!)).toEqual(['cgv']);
      expect(await customerRow(email)).toEqual([]);
    }
  });

  it('refuses an e-mail that already has an account, whatever its case (422 on email, not 500)', async () => {
    for (const email of [DEMO_CUSTOMER.email, 'Demo@Popote.FR', ' DEMO@POPOTE.FR ']) {
      const res = await register(await newVisitor(), { email });
      const body = fieldError(res, 'email', AUTH_MESSAGES.emailTaken);
      expect(body.message).toBe(AUTH_MESSAGES.emailTaken);
    }
    const first = await newCustomer();
    fieldError(await register(await newVisitor(), { email: first.email.toUpperCase() }), 'email', AUTH_MESSAGES.emailTaken);
    expect(await customerRow(first.email)).toHaveLength(1);
    // The first account keeps its password and its single welcome mail.
    expect(await mailsTo(first.email)).toHaveLength(1);
    expect((await login(await newVisitor(), first.email, first.password)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through (201 and 422)', async () => {
    const email = uniqueEmail('double');
    const [a, b] = await Promise.all([newVisitor(), newVisitor()]);
    const answers = await Promise.all([
      register(a, { email, firstname: 'Anouk' }),
      register(b, { email: email.toUpperCase(), firstname: 'Bastien' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    fieldError(answers.find((r) => r.statusCode === 422)!, 'email', AUTH_MESSAGES.emailTaken);
    expect(await customerRow(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
