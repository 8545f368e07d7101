import { describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../../server/modules/cart/cart.repo';
import { stateSchema } from '#shared/api/state';
import { addDish, addMenu, applyCode, cartOf, composeFirst, dishesOf, getCart, increment, testFile, TUESDAY } from './fixtures';
import { MONDAY, at, refused } from './helpers';

/** A cart left alone gives its portions back; a cart of a day gone is dropped. */

const { app, db, dish, menuNamed, newVisitor, customerVisitor, reservedOf, reservedOfAll, setStock, cartRowsOfSession } = testFile({ unlimitedStock: true });

/* ================================================================ expiry and delivery date */

describe('expiry', () => {
  it('empties a guest’s cart left 15 minutes unchanged and gives its portions back', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    const tatin = dish('tarte-tatin');
    const formatted = composeFirst(menuNamed('Formule Verte'));
    const ids = [tatin.id, ...dishesOf(formatted)];
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    cartOf(await addDish(v, tatin.id));
    expect(cartOf(await addMenu(v, formatted)).expiration_in_seconds).toBe(900);
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 1));

    app.clock.set(at(MONDAY, '07:14:59'));
    expect(cartOf(await getCart(v)).expiration_in_seconds).toBe(1);
    app.clock.set(at(MONDAY, '07:16:00'));
    expect(cartOf(await getCart(v))).toMatchObject({ products: [], final_price: '0,00', expiration_in_seconds: 0 });
    expect(await reservedOfAll(ids)).toEqual(before);
    expect(await cartRowsOfSession(v)).toEqual([]);
  });

  it('restarts the countdown on every change', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    // A customer's cart: a guest's countdown also stops an hour after its first article (abuse-limits.test.ts).
    const { v } = await customerVisitor();
    const id = cartOf(await addDish(v, dish('tarte-tatin').id)).products[0]!.unique_id;
    app.clock.set(at(MONDAY, '07:20:00'));
    expect(cartOf(await getCart(v)).expiration_in_seconds).toBe(600);
    expect(cartOf(await increment(v, id)).expiration_in_seconds).toBe(1800);
    app.clock.set(at(MONDAY, '07:40:00'));
    const cart = cartOf(await getCart(v));
    expect(cart.products[0]!.quantity).toBe(2);
    expect(cart.expiration_in_seconds).toBe(600);
    app.clock.set(at(MONDAY, '07:45:00'));
    expect(cartOf(await v.request('POST', '/api/cart/discounts', { code: 'DEJEUNER3' })).expiration_in_seconds).toBe(1800);
    app.clock.set(at(MONDAY, '08:15:00'));
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });

  it('starts an expired cart over on the next change', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    const tatin = dish('tarte-tatin');
    const before = await reservedOf(tatin.id);
    const v = await newVisitor();
    cartOf(await addDish(v, tatin.id));
    cartOf(await applyCode(v, 'DEJEUNER3'));
    app.clock.set(at(MONDAY, '07:45:00'));
    const cart = cartOf(await addDish(v, dish('bugnes-lyonnaises').id));
    expect(cart.products.map((p) => p.product_name)).toEqual(['Bugnes lyonnaises']);
    expect(cart.discount_code).toBeNull();
    expect(await reservedOf(tatin.id)).toBe(before);
  });

  it('releaseExpiredCarts gives back the portions of abandoned carts of other sessions', async () => {
    const poire = dish('poire-pochee-beaujolais');
    const before = await reservedOf(poire.id);
    app.clock.set(at(MONDAY, '06:00:00'));
    const gone = await newVisitor();
    cartOf(await addDish(gone, poire.id));
    cartOf(await addDish(gone, poire.id));
    app.clock.set(at(MONDAY, '06:10:00'));
    const kept = await newVisitor();
    cartOf(await addDish(kept, poire.id));
    expect(await reservedOf(poire.id)).toBe(before + 3);

    // Guests' carts: 15 minutes after their last change.
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:14:59'))).toBe(0);
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:16:00'))).toBe(1);
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:16:00'))).toBe(0);
    expect(await reservedOf(poire.id)).toBe(before + 1);
    expect(await cartRowsOfSession(gone)).toEqual([]);
    expect(await cartRowsOfSession(kept)).toHaveLength(1);
    app.clock.set(at(MONDAY, '06:21:00'));
    expect(cartOf(await getCart(gone)).products).toEqual([]);
    expect(cartOf(await getCart(kept)).products[0]!.quantity).toBe(1);
  });

  it('a change releases other sessions’ abandoned carts first', async () => {
    const poire = dish('poire-pochee-beaujolais');
    await setStock(poire.id, (await reservedOf(poire.id)) + 1);
    try {
      app.clock.set(at(MONDAY, '05:00:00'));
      const first = await newVisitor();
      cartOf(await addDish(first, poire.id));
      const second = await newVisitor();
      refused(await addDish(second, poire.id), 409, 'sold_out');
      app.clock.set(at(MONDAY, '05:31:00'));
      expect(cartOf(await addDish(second, poire.id)).products[0]!.quantity).toBe(1);
      expect(await cartRowsOfSession(first)).toEqual([]);
    } finally {
      await setStock(poire.id, null);
    }
  });
});

describe('delivery date', () => {
  it('drops a cart once its delivery date is no longer the current one', async () => {
    const crumble = dish('crumble-pommes-coings');
    const monday = await reservedOf(crumble.id);
    const tuesday = await reservedOf(crumble.id, TUESDAY);
    app.clock.set(at(MONDAY, '10:50:00'));
    const v = await newVisitor();
    cartOf(await addDish(v, crumble.id));
    expect(await reservedOf(crumble.id)).toBe(monday + 1);
    // The last Monday cut-off is 11:00: the cart has not expired, but Monday is over.
    app.clock.set(at(MONDAY, '11:01:00'));
    expect(cartOf(await getCart(v)).products).toEqual([]);
    expect(await reservedOf(crumble.id)).toBe(monday);
    cartOf(await addDish(v, crumble.id));
    expect(await reservedOf(crumble.id, TUESDAY)).toBe(tuesday + 1);
    expect(await reservedOf(crumble.id)).toBe(monday);
    expect((await cartRowsOfSession(v))[0]!.deliveryDate).toBe(TUESDAY);
  });

  it('refuses changes when no delivery is planned (409 no_delivery_date)', async () => {
    // The seed plans deliveries for ten working days only.
    app.clock.set(at('2026-12-21', '09:00:00'));
    const v = await newVisitor();
    const body = refused(await addDish(v, dish('veloute-potimarron').id), 409, 'no_delivery_date');
    expect(body.message).toMatch(/Aucune livraison/);
    refused(await addMenu(v, composeFirst(menuNamed('Formule Complète'))), 409, 'no_delivery_date');
    refused(await applyCode(v, 'BIENVENUE10'), 409, 'no_delivery_date');
    expect(cartOf(await getCart(v)).products).toEqual([]);
    expect(stateSchema.parse((await v.request('GET', '/api/state')).json()).cart?.products ?? []).toEqual([]);
  });
});
