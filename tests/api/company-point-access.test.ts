import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { locations as seededLocations } from '../../server/db/seed-data';
import { WRONG_ACCESS_CODES } from '../../server/modules/delivery/delivery.routes';
import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { ACCESS_CODE_MISSING_MESSAGE, ACCESS_CODE_WRONG_MESSAGE, deliveryLocationsSchema, deliverySchema, POINT_ACCESS_ERRORS, type DeliveryLocation } from '#shared/api/delivery';
import { ERROR_CODES } from '#shared/api/errors';
import { authFixtures } from './auth-fixtures';
import { addDish, sessionIdOf, testFile, type Visitor } from './fixtures';
import { refused } from './helpers';

/** Company points' access rules (docs/product/delivery.md, "Company points"): choosing, then checking out. */

const { app, db, dish, mailsTo, customerVisitor, newVisitor } = testFile({ unlimitedStock: true });
const auth = authFixtures({ app, dish, mailsTo });

const DOMAIN = 'lugduneo.fr';
const DOMAIN_POINT = 'Lugdunéo Assurances – Part-Dieu';
const CODE_POINT = 'Canopée Logiciels – Vaise';
const CODE = seededLocations.find((l) => l.name === CODE_POINT)!.accessCode!;
const RESERVED_MESSAGE = 'Ce point est réservé aux salariés de Lugdunéo Assurances : connectez-vous avec votre adresse e-mail @lugduneo.fr.';
const CODE_AT_CHECKOUT_MESSAGE = 'Ce point est réservé aux salariés de Canopée Logiciels : choisissez-le de nouveau avec le code remis par votre entreprise.';

async function points(url = '/api/delivery-locations'): Promise<DeliveryLocation[]> {
  return deliveryLocationsSchema.parse((await app.app.inject(url)).json());
}
async function slotOf(name: string) {
  const point = (await points()).find((l) => l.name === name)!;
  return { point, slot: point.deliveries[0]!.id };
}
const publicSlot = async () => (await points()).find((l) => !l.is_private)!.deliveries[0]!.id;

type Caller = Pick<Visitor, 'request'>;
const choose = (v: Caller, id: number, access_code?: unknown) => v.request('POST', '/api/deliveries', access_code === undefined ? { id } : { id, access_code });
const validate = (v: Caller, headers?: Record<string, string>) => v.request('POST', '/api/cart/validate', undefined, headers);
const codeGivenFor = async (v: Pick<Visitor, 'jar'>) => (await db().select().from(t.sessions).where(eq(t.sessions.id, sessionIdOf(v))))[0]?.accessCodeLocationId;

/** A customer logged in with `email`, a dish in the cart. */
async function shopper(email?: string) {
  const { v, customer } = await customerVisitor(email ? { email } : {});
  expect((await addDish(v, dish('veloute-potimarron').id)).statusCode).toBe(200);
  return { v, customer };
}
let domainCount = 0;
const companyEmail = () => `salarie-${++domainCount}@${DOMAIN}`;

describe('the points say what they ask, never the code', () => {
  it('lists the rule of each point: an e-mail domain, a code, or none', async () => {
    for (const url of ['/api/delivery-locations', `/api/delivery-locations/search?search=${encodeURIComponent('Canopée')}`]) {
      const res = await app.app.inject(url);
      expect(res.body.toLowerCase()).not.toContain(CODE.toLowerCase());
    }
    const all = await points();
    expect(all.find((l) => l.name === DOMAIN_POINT)).toMatchObject({ is_private: true, access: 'email_domain', access_email_domain: DOMAIN });
    expect(all.find((l) => l.name === CODE_POINT)).toMatchObject({ is_private: true, access: 'code', access_email_domain: null });
    expect(all.filter((l) => !l.is_private).every((l) => l.access === null && l.access_email_domain === null)).toBe(true);
  });

  it('declares the refusals in the API reference', async () => {
    const doc = (await app.app.inject('/api/openapi.json')).json();
    const codes = (path: string, status: number) => doc.paths[path].post.responses[status].content['application/json'].schema.allOf[1].properties.code.enum as string[];
    expect(codes('/api/deliveries', 403)).toEqual([POINT_ACCESS_ERRORS.reserved]);
    expect(codes('/api/deliveries', 422)).toContain(POINT_ACCESS_ERRORS.codeRefused);
    expect(codes('/api/cart/validate', 409)).toContain(CHECKOUT_ERRORS.deliveryAccess);
    expect(codes('/api/cart/order', 409)).toContain(CHECKOUT_ERRORS.deliveryAccess);
  });
});

describe('a point for an e-mail domain', () => {
  it('is chosen by a customer of the domain, who then checks out', async () => {
    const { v } = await shopper(companyEmail());
    const { point, slot } = await slotOf(DOMAIN_POINT);
    const res = await choose(v, slot);
    expect(res.statusCode, res.body).toBe(200);
    expect(deliverySchema.parse(res.json()).delivery_location.id).toBe(point.id);
    expect((await validate(v)).statusCode).toBe(200);
  });

  it('is refused to a guest (403), whose choice stays as it was', async () => {
    const guest = await newVisitor();
    const before = await publicSlot();
    expect((await choose(guest, before)).statusCode).toBe(200);
    const body = refused(await choose(guest, (await slotOf(DOMAIN_POINT)).slot), 403, POINT_ACCESS_ERRORS.reserved);
    expect(body.message).toBe(RESERVED_MESSAGE);
    expect((await guest.request('GET', '/api/state')).json().current_delivery.id).toBe(before);
  });

  it('is refused to an account of another domain, look-alikes included (403)', async () => {
    const { slot } = await slotOf(DOMAIN_POINT);
    for (const email of ['lea@evil-lugduneo.fr', 'lea@lugduneo.fr.evil.com', 'lea@rh.lugduneo.fr', 'lugduneo.fr@example.test']) {
      const { v } = await customerVisitor({ email });
      expect(refused(await choose(v, slot), 403, POINT_ACCESS_ERRORS.reserved).message, email).toBe(RESERVED_MESSAGE);
    }
  });

  it('ignores a code sent with it: the address decides', async () => {
    const { v } = await customerVisitor();
    refused(await choose(v, (await slotOf(DOMAIN_POINT)).slot, CODE), 403, POINT_ACCESS_ERRORS.reserved);
  });

  it('refuses the checkout once logged in with an account of another domain (409)', async () => {
    const staff = await auth.newCustomer({ email: companyEmail() });
    const other = await auth.newCustomer();
    const v = await auth.newVisitor();
    expect((await auth.login(v, staff.email, staff.password)).statusCode).toBe(200);
    expect((await choose(v, (await slotOf(DOMAIN_POINT)).slot)).statusCode).toBe(200);
    expect((await v.request('POST', '/api/logout')).statusCode).toBe(200);
    expect((await auth.login(v, other.email, other.password)).statusCode).toBe(200);
    expect((await addDish(v, dish('veloute-potimarron').id)).statusCode).toBe(200);
    // The choice followed the browser through logout and login: the new account may not use it.
    expect((await v.request('GET', '/api/state')).json().current_delivery.delivery_location.name).toBe(DOMAIN_POINT);
    expect(refused(await validate(v), 409, CHECKOUT_ERRORS.deliveryAccess).message).toBe(RESERVED_MESSAGE);
    refused(await v.request('POST', '/api/cart/order'), 409, CHECKOUT_ERRORS.deliveryAccess);
  });

  it('refuses the checkout of a choice never made, crafted in the delivery cookie (409)', async () => {
    const { v } = await shopper();
    const crafted = { cookie: `${v.jar.header()}; popote_delivery=${(await slotOf(DOMAIN_POINT)).slot}` };
    refused(await validate(v, crafted), 409, CHECKOUT_ERRORS.deliveryAccess);
  });
});

describe('a point for a code', () => {
  it('asks for the code (422 on access_code), and refuses a wrong one', async () => {
    const { slot } = await slotOf(CODE_POINT);
    const guest = await newVisitor();
    for (const [given, message] of [
      [undefined, ACCESS_CODE_MISSING_MESSAGE],
      ['', ACCESS_CODE_MISSING_MESSAGE],
      ['   ', ACCESS_CODE_MISSING_MESSAGE],
      ['CANOPEE', ACCESS_CODE_WRONG_MESSAGE],
      [`${CODE}X`, ACCESS_CODE_WRONG_MESSAGE],
    ] as const) {
      const body = refused(await choose(guest, slot, given), 422, POINT_ACCESS_ERRORS.codeRefused);
      expect(body, String(given)).toEqual({ code: POINT_ACCESS_ERRORS.codeRefused, message, errors: { access_code: [message] } });
    }
    expect(await codeGivenFor(guest)).toBeNull();
  });

  it('accepts the right code whatever its case and the spaces around it, and remembers it for the session', async () => {
    const { v } = await shopper();
    const { point, slot } = await slotOf(CODE_POINT);
    const res = await choose(v, slot, `  ${CODE.toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(await codeGivenFor(v)).toBe(point.id);
    // Another point, then back to this one without the code: not asked again, nor at checkout.
    expect((await choose(v, await publicSlot())).statusCode).toBe(200);
    expect((await choose(v, slot)).statusCode).toBe(200);
    expect((await validate(v)).statusCode).toBe(200);
    // A code typed again is judged again, though.
    refused(await choose(v, slot, 'faux'), 422, POINT_ACCESS_ERRORS.codeRefused);
  });

  it('keeps the code a guest gave through login, and forgets it at logout', async () => {
    const customer = await auth.newCustomer();
    const v = await auth.newVisitor();
    const { slot } = await slotOf(CODE_POINT);
    expect((await choose(v, slot, CODE)).statusCode).toBe(200);
    expect((await addDish(v, dish('veloute-potimarron').id)).statusCode).toBe(200);
    expect((await auth.login(v, customer.email, customer.password)).statusCode).toBe(200);
    expect((await validate(v)).statusCode).toBe(200);
    expect((await v.request('POST', '/api/logout')).statusCode).toBe(200);
    refused(await choose(v, slot), 422, POINT_ACCESS_ERRORS.codeRefused);
  });

  it('refuses the checkout of a point chosen without its code, by a crafted request (409)', async () => {
    const { v } = await shopper();
    const crafted = { cookie: `${v.jar.header()}; popote_delivery=${(await slotOf(CODE_POINT)).slot}` };
    expect(refused(await validate(v, crafted), 409, CHECKOUT_ERRORS.deliveryAccess).message).toBe(CODE_AT_CHECKOUT_MESSAGE);
  });

  it('counts wrong codes: past the limit, even the right one waits (429)', async () => {
    const guest = await newVisitor();
    const { slot } = await slotOf(CODE_POINT);
    for (let i = 0; i < WRONG_ACCESS_CODES.perSession; i++) refused(await choose(guest, slot, `faux-${i}`), 422, POINT_ACCESS_ERRORS.codeRefused);
    // A choice without a code is no guess: it is judged as usual.
    refused(await choose(guest, slot), 422, POINT_ACCESS_ERRORS.codeRefused);
    refused(await choose(guest, slot, CODE), 429, ERROR_CODES.rateLimited);
  });
});

describe('bad input', () => {
  it('refuses a code too long or not a string (422 on access_code)', async () => {
    const guest = await newVisitor();
    const { slot } = await slotOf(CODE_POINT);
    const long = refused(await choose(guest, slot, 'A'.repeat(41)), 422, ERROR_CODES.validation);
    expect(long.errors?.access_code).toEqual(['Le code ne doit pas dépasser 40 caractères.']);
    for (const given of [1234, null, ['CODE'], { code: CODE }, true]) {
      const res = refused(await choose(guest, slot, given), 422, ERROR_CODES.validation);
      expect(res.errors?.access_code, JSON.stringify(given)).toEqual([ACCESS_CODE_MISSING_MESSAGE]);
    }
    // Spaces around do not count towards the length.
    refused(await choose(guest, slot, ` ${'A'.repeat(40)} `), 422, POINT_ACCESS_ERRORS.codeRefused);
  });

  it('ignores a code sent with a point that asks none', async () => {
    const guest = await newVisitor();
    expect((await choose(guest, await publicSlot(), 'nimporte')).statusCode).toBe(200);
    expect(await codeGivenFor(guest)).toBeNull();
  });
});
