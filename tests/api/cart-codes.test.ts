import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { addDish, addMenu, applyCode, cartOf, composeFirst, decrement, getCart, testFile, TUESDAY } from './fixtures';
import { MONDAY, refused } from './helpers';

/** Promo and sponsor codes on a cart (checked again at placement: codes.test.ts). */

const { db, dish, menuNamed, newVisitor, customerVisitor, demoCustomer, logIn, insertDiscount } = testFile({ unlimitedStock: true });

/* ================================================================ promo and sponsor codes */

describe('POST /api/cart/discounts', () => {
  const INVALID = "Votre code n'existe pas ou n'est plus valable";

  it('applies a percent code, whatever its case, rounded to the cent', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'), ['jus-pomme-monts-lyonnais'])));
    const [row] = await db().select().from(t.discounts).where(eq(t.discounts.code, 'BIENVENUE10'));
    const cart = cartOf(await applyCode(v, '  bienvenue10 '));
    // 17,40 € − 10 % + 4 € of deposit.
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', discount_id: row!.id, discount_amount: 174, final_price: '19,66' });

    await insertDiscount({ code: 'QUINZE', amountType: 1, amount: 15 });
    const other = await newVisitor();
    cartOf(await addMenu(other, composeFirst(menuNamed('Plat + Dessert'))));
    // 15 % of 12,90 € is 1,935 €.
    expect(cartOf(await applyCode(other, 'Quinze'))).toMatchObject({ discount_code: 'QUINZE', discount_amount: 194, final_price: '14,96' });
  });

  it('applies a euro code, never beyond the items', async () => {
    const v = await newVisitor();
    const id = cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète')))).products[0]!.unique_id;
    expect(cartOf(await applyCode(v, 'DEJEUNER3'))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300, final_price: '15,90' });
    cartOf(await addDish(v, dish('eau-minerale-plate').id));
    const small = cartOf(await decrement(v, id));
    expect(small).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 200, final_price: '0,00' });
  });

  it('keeps the code on the recomputed amounts', async () => {
    const v = await newVisitor();
    cartOf(await applyCode(v, 'BIENVENUE10'));
    const cart = cartOf(await addDish(v, dish('veloute-potimarron').id));
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', discount_amount: 49, final_price: '4,41' });
  });

  it('replaces the code, and DELETE removes it', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    cartOf(await applyCode(v, 'BIENVENUE10'));
    expect(cartOf(await applyCode(v, 'dejeuner3'))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300 });
    const removed = cartOf(await v.request('DELETE', '/api/cart/discounts'));
    expect(removed).toMatchObject({ discount_code: null, discount_id: null, discount_amount: 0, final_price: '18,90' });
  });

  it('refuses unknown, expired, future and exhausted codes with the one message (422)', async () => {
    await insertDiscount({ code: 'PERIME', endsOn: '2026-11-22' });
    await insertDiscount({ code: 'BIENTOT', startsOn: TUESDAY });
    await insertDiscount({ code: 'EPUISE', maxUses: 5, uses: 5 });
    await insertDiscount({ code: 'DERNIER', maxUses: 5, uses: 4, startsOn: MONDAY, endsOn: MONDAY });
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    cartOf(await applyCode(v, 'DEJEUNER3'));
    for (const code of ['NOPE', 'perime', 'BIENTOT', 'EPUISE', 'BIENVENUE', 'BIENVENUE10X', '%', "' or 1=1 --"]) {
      const body = refused(await applyCode(v, code), 422, 'invalid_discount');
      expect(body, code).toEqual({ code: 'invalid_discount', message: INVALID, errors: { code: [INVALID] } });
    }
    // A refused code leaves the previous one in place.
    expect(cartOf(await getCart(v))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300 });
    // Valid on its last day, with a use left.
    expect(cartOf(await applyCode(v, 'dernier')).discount_code).toBe('DERNIER');
  });

  it('takes another customer’s sponsor code (500 cents off) on an anonymous cart', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    // 14,90 € of items: under the sponsor codes' 15 € minimum.
    refused(await applyCode(v, 'camille5'), 422, 'invalid_discount');
    cartOf(await addDish(v, dish('poireaux-vinaigrette').id));
    const cart = cartOf(await applyCode(v, 'camille5'));
    expect(cart).toMatchObject({ discount_code: 'CAMILLE5', discount_id: null, discount_amount: 500, final_price: '19,10' });
    expect(cartOf(await v.request('DELETE', '/api/cart/discounts')).discount_code).toBeNull();
  });

  it('refuses a customer’s own sponsor code, and any sponsor code after a first order', async () => {
    const demo = await demoCustomer();
    const self = await newVisitor();
    await logIn(self, demo.id);
    refused(await applyCode(self, 'CAMILLE5'), 422, 'invalid_discount');

    const { v: regular, customer } = await customerVisitor();
    await db().insert(t.orders).values({ customerId: customer.id, status: 2 });
    expect(refused(await applyCode(regular, 'CAMILLE5'), 422, 'invalid_discount').message).toBe(INVALID);

    const { v: newcomer } = await customerVisitor();
    cartOf(await addDish(newcomer, dish('poireaux-vinaigrette').id));
    cartOf(await addMenu(newcomer, composeFirst(menuNamed('Formule Complète'))));
    expect(cartOf(await applyCode(newcomer, 'CAMILLE5'))).toMatchObject({ discount_code: 'CAMILLE5', discount_amount: 500, final_price: '19,10' });
  });
});
