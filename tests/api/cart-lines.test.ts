import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { stateSchema } from '#shared/api/state';
import type { FormattedMenu } from '#shared/api/catalog';
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES } from '#shared/constants';
import { addDish, addDishTimes, addMenu, cartOf, categoryNamed, compose, composeFirst, decrement, dishesOf, extrasOf, getCart, increment, requiredOf, sessionIdOf, testFile, TUESDAY } from './fixtures';
import { MONDAY, at, refused } from './helpers';

/** A cart's lines: reading it, adding dishes and formulas, changing a line by one. */

const { app, db, dish, dishes, menuNamed, newVisitor, customerVisitor, reservedOf, reservedOfAll, setStock } = testFile({ unlimitedStock: true });

/* ================================================================ reading */

describe('GET /api/cart', () => {
  it('answers an empty cart to a new visitor', async () => {
    const v = await newVisitor();
    expect(cartOf(await getCart(v))).toEqual({
      products: [],
      tote_bags: { unit_price: 0, quantity: 0 },
      cutlery: { unit_price: 0, quantity: 0 },
      final_price: '0,00',
      discount_code: null,
      discount_id: null,
      discount_amount: 0,
      deposit_added_amount: 0,
      deposit_added_quantity: 0,
      deposit_removed_amount: 0,
      deposit_removed_quantity: 0,
      total_deposit: 0,
      expiration_in_seconds: 0,
    });
  });

  it('is part of GET /api/state and is not cached', async () => {
    const v = await newVisitor();
    const cart = cartOf(await addDish(v, dish('salade-lentilles-puy').id));
    const res = await v.request('GET', '/api/state');
    expect(stateSchema.parse(res.json()).cart).toEqual(cart);
    const read = await getCart(v);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(cartOf(read)).toEqual(cart);
  });

  it('is the visitor’s own: another session sees its own cart', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    cartOf(await addDish(a, dish('salade-lentilles-puy').id));
    expect(cartOf(await getCart(b)).products).toEqual([]);
  });
});

/* ================================================================ dishes and formulas */

describe('POST /api/cart/products', () => {
  it('adds a dish at its price, without a deposit, and reserves a portion', async () => {
    const veloute = dish('veloute-potimarron');
    const before = await reservedOf(veloute.id);
    const v = await newVisitor();
    const cart = cartOf(await addDish(v, veloute.id));
    expect(cart.products).toEqual([
      {
        unique_id: `product-${veloute.id}`,
        product_id: veloute.id,
        product_name: 'Velouté de potimarron',
        unit_price: 490,
        quantity: 1,
        cover_url: veloute.cover_url,
      },
    ]);
    expect(cart).toMatchObject({
      final_price: '4,90',
      deposit_added_amount: 0,
      deposit_added_quantity: 0,
      total_deposit: 0,
      discount_amount: 0,
      expiration_in_seconds: 900,
    });
    expect(await reservedOf(veloute.id)).toBe(before + 1);
  });

  it('adds the same dish to its line', async () => {
    const v = await newVisitor();
    const water = dish('eau-minerale-plate');
    const cart = await addDishTimes(v, water.id, 3);
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]).toMatchObject({ unique_id: `product-${water.id}`, quantity: 3, unit_price: 200 });
    expect(cart.final_price).toBe('6,00');
  });

  it('refuses an unknown dish and a dish not cooked that day (422)', async () => {
    const [ghost] = await db()
      .insert(t.products)
      .values({
        slug: 'plat-du-mardi',
        name: 'Plat du mardi',
        shortDescription: '',
        description: '',
        category: 'main',
        priceCents: 1200,
        vatRateBp: 1000,
      })
      .returning();
    await db().insert(t.productAvailabilities).values({ productId: ghost!.id, date: TUESDAY });
    const v = await newVisitor();
    for (const id of [ghost!.id, 999999]) {
      const body = refused(await addDish(v, id), 422, 'unavailable');
      expect(body.errors?.id).toEqual(['Ce plat n’est pas au menu de cette livraison.']);
    }
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });

  it('refuses a sold-out dish (409) and takes nothing', async () => {
    const truite = dish('truite-beurre-blanc');
    const reserved = await reservedOf(truite.id);
    await setStock(truite.id, reserved);
    const v = await newVisitor();
    const body = refused(await addDish(v, truite.id), 409, 'sold_out');
    const message = 'Désolé, « Truite de l’Ain, beurre blanc » est épuisé pour cette livraison.';
    expect(body).toEqual({ code: 'sold_out', message, errors: { id: [message] } });
    expect(cartOf(await getCart(v)).products).toEqual([]);
    expect(await reservedOf(truite.id)).toBe(reserved);

    // One portion more: it can be added once, not incremented.
    await setStock(truite.id, reserved + 1);
    const cart = cartOf(await addDish(v, truite.id));
    refused(await increment(v, cart.products[0]!.unique_id), 409, 'sold_out');
    expect(cartOf(await getCart(v)).products[0]!.quantity).toBe(1);
    expect(await reservedOf(truite.id)).toBe(reserved + 1);
    await setStock(truite.id, null);
  });

  it(`limits a line to ${CART_LINE_MAX_QUANTITY} (409 line_limit)`, async () => {
    const water = dish('eau-petillante');
    const before = await reservedOf(water.id);
    const { v } = await customerVisitor();
    const line = cartOf(await addDish(v, water.id)).products[0]!;
    for (let i = 1; i < CART_LINE_MAX_QUANTITY; i++) cartOf(await increment(v, line.unique_id));
    expect(cartOf(await getCart(v)).products[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    const message = 'Vous ne pouvez pas ajouter plus de 20 fois le même article.';
    expect(refused(await increment(v, line.unique_id), 409, 'line_limit').errors?.id).toEqual([message]);
    expect(refused(await addDish(v, water.id), 409, 'line_limit').errors?.id).toEqual([message]);
    expect(cartOf(await getCart(v)).products[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    expect(await reservedOf(water.id)).toBe(before + CART_LINE_MAX_QUANTITY);
  });

  it(`limits a cart to ${CART_MAX_LINES} different articles`, async () => {
    const { v } = await customerVisitor();
    for (const d of dishes.slice(0, CART_MAX_LINES)) cartOf(await addDish(v, d.id));
    const extra = dishes[CART_MAX_LINES]!;
    const before = await reservedOf(extra.id);
    const body = refused(await addDish(v, extra.id), 409, 'line_limit');
    expect(body.errors?.id).toEqual([`Votre panier est complet : ${CART_MAX_LINES} articles différents au plus.`]);
    expect(await reservedOf(extra.id)).toBe(before);
    // A line already there can still grow.
    cartOf(await addDish(v, dishes[0]!.id));
    // Give every portion back (the cart expires unseen).
    app.clock.set(at(MONDAY, '09:31:00'));
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });
});

describe('POST /api/cart/menus', () => {
  it('adds a formula at its price plus its extras, with a 4 € deposit, and reserves every dish', async () => {
    const complete = menuNamed('Formule Complète');
    const formatted = composeFirst(complete, ['eau-minerale-plate']);
    const ids = dishesOf(formatted);
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    const cart = cartOf(await addMenu(v, formatted));

    const extraPrice = extrasOf(complete).products.find((p) => p.slug === 'eau-minerale-plate')!.extra_price;
    expect(complete.price + extraPrice).toBe(1640);
    const [entree, plat, dessert] = requiredOf(complete);
    expect(cart.products).toHaveLength(1);
    const line = cart.products[0]!;
    expect(line).toMatchObject({
      unique_id: expect.stringMatching(new RegExp(`^menu-${complete.id}-[0-9a-f]{12}$`)),
      product_id: complete.id,
      product_name: 'Formule Complète',
      unit_price: 1640,
      quantity: 1,
      cover_url: dish('quenelle-nantua').cover_url,
    });
    expect(line.sub_products).toEqual([
      { product_id: entree!.products[0]!.id, product_name: 'Salade lyonnaise', category_id: entree!.id, extra: false },
      { product_id: plat!.products[0]!.id, product_name: 'Quenelle de brochet, sauce Nantua', category_id: plat!.id, extra: false },
      { product_id: dessert!.products[0]!.id, product_name: 'Bugnes lyonnaises', category_id: dessert!.id, extra: false },
      { product_id: dish('eau-minerale-plate').id, product_name: 'Eau minérale plate', category_id: extrasOf(complete).id, extra: true },
    ]);
    expect(cart).toMatchObject({
      final_price: '20,40',
      deposit_added_amount: 400,
      deposit_added_quantity: 1,
      deposit_removed_amount: 0,
      deposit_removed_quantity: 0,
      total_deposit: 400,
      discount_amount: 0,
      expiration_in_seconds: 900,
    });
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 1));
  });

  it('lists formulas first, then dishes, and adds everything up', async () => {
    const v = await newVisitor();
    cartOf(await addDish(v, dish('veloute-potimarron').id));
    const cart = cartOf(await addMenu(v, composeFirst(menuNamed('Plateau repas'), ['biere-blonde-croix-rousse', 'cervelle-de-canut'])));
    expect(cart.products.map((p) => [p.product_name, p.unit_price, Boolean(p.sub_products)])).toEqual([
      ['Plateau repas', 1990 + 350 + 300, true],
      ['Velouté de potimarron', 490, false],
    ]);
    // 26,40 € + 4,90 € + 4 € of deposit.
    expect(cart.final_price).toBe('35,30');
    expect(cart.products[0]!.sub_products!.filter((s) => s.extra).map((s) => s.product_name)).toEqual([
      'Cervelle de canut',
      'Bière blonde artisanale',
    ]);
  });

  it('adds the same composition to its line, whatever the order of the extras', async () => {
    const complete = menuNamed('Formule Complète');
    const v = await newVisitor();
    const first = cartOf(await addMenu(v, composeFirst(complete, ['jus-pomme-monts-lyonnais', 'eau-petillante'])));
    const again = cartOf(await addMenu(v, composeFirst(complete, ['eau-petillante', 'jus-pomme-monts-lyonnais'])));
    expect(again.products).toHaveLength(1);
    expect(again.products[0]).toMatchObject({ unique_id: first.products[0]!.unique_id, quantity: 2, unit_price: 1490 + 150 + 250 });
    expect(again).toMatchObject({ final_price: '45,80', deposit_added_quantity: 2, deposit_added_amount: 800, total_deposit: 800 });
  });

  it('makes a line of each composition', async () => {
    const complete = menuNamed('Formule Complète');
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(complete)));
    cartOf(await addMenu(v, composeFirst(complete, ['the-glace-peche'])));
    const cart = cartOf(await addMenu(v, compose(complete, { picks: { Plat: 'risotto-cepes' } })));
    expect(cart.products.map((p) => [p.unit_price, p.quantity])).toEqual([
      [1490, 1],
      [1740, 1],
      [1490, 1],
    ]);
    expect(new Set(cart.products.map((p) => p.unique_id)).size).toBe(3);
    // 47,20 € + 3 deposits.
    expect(cart).toMatchObject({ final_price: '59,20', deposit_added_quantity: 3 });
  });

  it('refuses compositions the formula does not allow (422 invalid_menu) and takes nothing', async () => {
    const complete = menuNamed('Formule Complète');
    const verte = menuNamed('Formule Verte');
    const valid = composeFirst(complete);
    const entree = categoryNamed(complete, 'Entrée');
    const dessert = categoryNamed(complete, 'Dessert');
    const extras = extrasOf(complete);
    const water = dish('eau-minerale-plate').id;
    const withoutDessert = { ...valid.sub_products };
    delete withoutDessert[String(dessert.id)];

    const cases: [FormattedMenu, string][] = [
      [{ ...valid, id: 999999 }, 'Cette formule n’est pas proposée pour cette livraison.'],
      [{ ...valid, sub_products: withoutDessert }, 'Choisissez encore : Dessert.'],
      [
        { ...valid, sub_products: { ...valid.sub_products, [String(entree.id)]: dish('quenelle-nantua').id } },
        'Ce choix n’est pas proposé pour « Entrée ».',
      ],
      [
        { ...valid, sub_products: { ...valid.sub_products, [String(entree.id)]: dish('pate-en-croute').id } },
        'Ce choix n’est pas proposé pour « Entrée ».',
      ],
      [
        { ...valid, sub_products: { ...valid.sub_products, [String(extras.id)]: water } },
        'Cette formule ne se compose pas ainsi : un choix ne correspond à aucune de ses catégories.',
      ],
      [{ ...valid, additional_products: { [String(entree.id)]: [entree.products[1]!.id] } }, 'Ces petits plus ne font pas partie de cette formule.'],
      [{ ...valid, additional_products: { [String(extrasOf(verte).id)]: [water] } }, 'Ces petits plus ne font pas partie de cette formule.'],
      [{ ...valid, additional_products: { [String(extras.id)]: [water, water] } }, 'Chaque petit plus ne peut être choisi qu’une fois.'],
      [
        { ...valid, additional_products: { [String(extras.id)]: [dish('biere-blonde-croix-rousse').id] } },
        'Ce petit plus n’est pas proposé dans « Les petits plus ».',
      ],
      // Another formula's categories.
      [{ ...compose(verte), id: complete.id }, 'Cette formule ne se compose pas ainsi : un choix ne correspond à aucune de ses catégories.'],
    ];
    const ids = dishesOf(valid);
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    for (const [menu, message] of cases) {
      const body = refused(await addMenu(v, menu), 422, 'invalid_menu');
      expect(body.errors, JSON.stringify(menu)).toEqual({ menu: [message] });
      expect(body.message).toBe(message);
    }
    expect(cartOf(await getCart(v)).products).toEqual([]);
    expect(await reservedOfAll(ids)).toEqual(before);
  });

  it('refuses a formula with a sold-out dish (409) and gives back the portions taken before it', async () => {
    const complete = menuNamed('Formule Complète');
    const risotto = dish('risotto-cepes');
    await setStock(risotto.id, await reservedOf(risotto.id));
    const formatted = compose(complete, { picks: { Plat: 'risotto-cepes' } });
    const ids = dishesOf(formatted);
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    const body = refused(await addMenu(v, formatted), 409, 'sold_out');
    expect(body.errors?.id).toEqual(['Désolé, « Risotto aux cèpes » est épuisé pour cette livraison.']);
    expect(await reservedOfAll(ids)).toEqual(before);
    expect(cartOf(await getCart(v)).products).toEqual([]);
    await setStock(risotto.id, null);
  });

  it(`limits a formula line to ${CART_LINE_MAX_QUANTITY}`, async () => {
    const { v } = await customerVisitor();
    const formatted = composeFirst(menuNamed('Formule Verte'));
    const line = cartOf(await addMenu(v, formatted)).products[0]!;
    for (let i = 1; i < CART_LINE_MAX_QUANTITY; i++) cartOf(await increment(v, line.unique_id));
    refused(await addMenu(v, formatted), 409, 'line_limit');
    refused(await increment(v, line.unique_id), 409, 'line_limit');
    const cart = cartOf(await getCart(v));
    expect(cart.products[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    expect(cart.deposit_added_quantity).toBe(CART_LINE_MAX_QUANTITY);
    // 20 × (14,50 € + 4 €)
    expect(cart.final_price).toBe('370,00');
  });
});

describe('POST /api/cart/increment and /decrement', () => {
  it('changes a line by one, gives portions back, and removes the line at 0', async () => {
    const v = await newVisitor();
    const formatted = composeFirst(menuNamed('Entrée + Plat'));
    const ids = dishesOf(formatted);
    const before = await reservedOfAll(ids);
    const id = cartOf(await addMenu(v, formatted)).products[0]!.unique_id;

    const two = cartOf(await increment(v, id));
    expect(two.products[0]!.quantity).toBe(2);
    expect(two).toMatchObject({ final_price: '33,80', deposit_added_quantity: 2 });
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 2));

    const one = cartOf(await decrement(v, id));
    expect(one.products[0]!.quantity).toBe(1);
    expect(one.final_price).toBe('16,90');
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 1));

    const none = cartOf(await decrement(v, id));
    expect(none).toMatchObject({ products: [], final_price: '0,00', deposit_added_quantity: 0, expiration_in_seconds: 0 });
    expect(await reservedOfAll(ids)).toEqual(before);
  });

  it('answers 404 for a line not in the visitor’s cart', async () => {
    const owner = await newVisitor();
    const other = await newVisitor();
    const id = cartOf(await addDish(owner, dish('bugnes-lyonnaises').id)).products[0]!.unique_id;
    for (const [v, lineId] of [
      [owner, 'product-999999'],
      [other, id],
    ] as const) {
      for (const call of [increment, decrement]) {
        const body = refused(await call(v, lineId), 404, 'unknown_line');
        expect(body.errors?.id).toEqual(['Cet article n’est plus dans votre panier.']);
      }
    }
    expect(cartOf(await getCart(owner)).products[0]!.quantity).toBe(1);
  });
});

describe('taking things out of a cart that does not exist', () => {
  it('answers the empty cart and creates no cart row', async () => {
    const v = await newVisitor();
    for (const url of ['/api/cart/cutlery', '/api/cart/tote-bags', '/api/cart/deposits', '/api/cart/discounts']) {
      expect(cartOf(await v.request('DELETE', url)).products).toEqual([]);
    }
    expect(await db().select().from(t.carts).where(eq(t.carts.sessionId, sessionIdOf(v)))).toEqual([]);
  });
});
