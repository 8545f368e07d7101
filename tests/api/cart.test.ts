import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import { releaseExpiredCarts } from '../../server/modules/cart/cart.repo';
import { adoptCart } from '../../server/modules/cart/cart.service';
import { CART_NOTICES, cartSchema, type Cart } from '#shared/api/cart';
import { menusSchema, productListSchema, type CatalogProduct, type FormattedMenu, type Menu } from '#shared/api/catalog';
import { stateSchema } from '#shared/api/state';
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES, GUEST_CART_MAX_PORTIONS } from '#shared/constants';
import { MONDAY, at, createTestApp, refused, visitor, type TestApp } from './helpers';

const TUESDAY = '2026-11-24';

let app: TestApp;
let menus: Menu[];
let dishes: CatalogProduct[];

beforeAll(async () => {
  app = await createTestApp();
  // Every test takes its own portions: no seeded daily stock runs out halfway through the file.
  // Tests about stock set the stock of a dish of their own.
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
  menus = menusSchema.parse((await app.app.inject('/api/menus')).json());
  dishes = productListSchema.parse((await app.app.inject('/api/products')).json());
});
afterAll(() => app.close());
afterEach(() => app.clock.set(at(MONDAY, '09:00:00')));

const db = () => app.database.db;

/* ---------------------------------------------------------------- catalogue */

function menuNamed(name: string): Menu {
  const menu = menus.find((m) => m.name === name);
  if (!menu) throw new Error(`no formula ${name}`);
  return menu;
}

function dish(slug: string): CatalogProduct {
  const found = dishes.find((d) => d.slug === slug);
  if (!found) throw new Error(`no dish ${slug}`);
  return found;
}

const requiredOf = (menu: Menu) => menu.categories.filter((c) => c.required);
const extrasOf = (menu: Menu) => menu.categories.find((c) => !c.required)!;
const categoryNamed = (menu: Menu, name: string) => menu.categories.find((c) => c.name === name)!;

/**
 * A valid formatted menu: the first dish of each required category (or the slug `picks` gives for
 * a category name), and the extras given by slug.
 */
function compose(menu: Menu, options: { picks?: Record<string, string>; extras?: string[] } = {}): FormattedMenu {
  const sub_products: Record<string, number> = {};
  for (const category of requiredOf(menu)) {
    const slug = options.picks?.[category.name];
    const chosen = slug ? category.products.find((p) => p.slug === slug) : category.products[0];
    if (!chosen) throw new Error(`${slug} is not offered in ${category.name}`);
    sub_products[String(category.id)] = chosen.id;
  }
  const extras = extrasOf(menu);
  const additional_products = options.extras?.length
    ? { [String(extras.id)]: options.extras.map((slug) => extras.products.find((p) => p.slug === slug)!.id) }
    : {};
  return { id: menu.id, sub_products, additional_products };
}
const composeFirst = (menu: Menu, extras: string[] = []) => compose(menu, { extras });

/** The dish ids a formatted menu takes portions of. */
const dishesOf = (menu: FormattedMenu) => [...Object.values(menu.sub_products), ...Object.values(menu.additional_products).flat()];

/* ---------------------------------------------------------------- visitors and calls */

type Visitor = Awaited<ReturnType<typeof visitor>>;
const newVisitor = () => visitor(app.app);

const getCart = (v: Visitor) => v.request('GET', '/api/cart');
const addDish = (v: Visitor, id: number) => v.request('POST', '/api/cart/products', { id });
const addMenu = (v: Visitor, menu: FormattedMenu) => v.request('POST', '/api/cart/menus', { menu });
const increment = (v: Visitor, id: string) => v.request('POST', '/api/cart/increment', { id });
const decrement = (v: Visitor, id: string) => v.request('POST', '/api/cart/decrement', { id });
const applyCode = (v: Visitor, code: string) => v.request('POST', '/api/cart/discounts', { code });

/** The cart of a 200 answer, checked against the shared schema. */
function ok(res: LightMyRequestResponse): Cart {
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json());
}


/** Adds a dish `times` times and answers the last cart. */
async function addDishTimes(v: Visitor, id: number, times: number): Promise<Cart> {
  let cart: Cart | null = null;
  for (let i = 0; i < times; i++) cart = ok(await addDish(v, id));
  return cart!;
}

/* ---------------------------------------------------------------- database */

async function availability(productId: number, date = MONDAY) {
  const [row] = await db()
    .select()
    .from(t.productAvailabilities)
    .where(and(eq(t.productAvailabilities.productId, productId), eq(t.productAvailabilities.date, date)));
  if (!row) throw new Error(`dish ${productId} is not cooked on ${date}`);
  return row;
}
const reservedOf = async (productId: number, date = MONDAY) => (await availability(productId, date)).reserved;
const reservedOfAll = (ids: number[]) => Promise.all(ids.map((id) => reservedOf(id)));

async function setStock(productId: number, stock: number | null, reserved?: number) {
  await db()
    .update(t.productAvailabilities)
    .set(reserved === undefined ? { stock } : { stock, reserved })
    .where(and(eq(t.productAvailabilities.productId, productId), eq(t.productAvailabilities.date, MONDAY)));
}

async function setSetting(name: string, value: string) {
  await db().update(t.settings).set({ value }).where(eq(t.settings.name, name));
}

let customerCount = 0;
/** A customer of the test's own (the demo customer's cart would be shared between tests). */
async function newCustomer(deposits = 0) {
  customerCount++;
  const [row] = await db()
    .insert(t.customers)
    .values({
      firstname: 'Client',
      lastname: `Test ${customerCount}`,
      email: `client-${customerCount}@example.test`,
      phone: '06 00 00 00 00',
      passwordHash: 'not-a-hash',
      sponsorCode: `AMI${customerCount}`,
      deposits,
    })
    .returning();
  return row!;
}

async function demoCustomer() {
  const [row] = await db().select().from(t.customers).where(eq(t.customers.email, 'demo@popote.fr'));
  return row!;
}

/** The session row's id: the hash of the session cookie. */
const sessionIdOf = (v: Visitor) => hashToken(v.jar.get('popote_session')!);

/** No login endpoint yet: the session row is given a customer. */
async function logIn(v: Visitor, customerId: number) {
  await db().update(t.sessions).set({ customerId }).where(eq(t.sessions.id, sessionIdOf(v)));
}

/** A visitor logged in as a new customer holding `deposits` containers. */
async function customerVisitor(deposits = 0) {
  const customer = await newCustomer(deposits);
  const v = await newVisitor();
  await logIn(v, customer.id);
  return { v, customer };
}

async function cartRowsOfSession(v: Visitor) {
  return db().select().from(t.carts).where(eq(t.carts.sessionId, sessionIdOf(v)));
}

async function insertDiscount(values: Partial<typeof t.discounts.$inferInsert> & { code: string }) {
  await db()
    .insert(t.discounts)
    .values({ amountType: 1, amount: 10, ...values });
}

/* ================================================================ reading */

describe('GET /api/cart', () => {
  it('answers an empty cart to a new visitor', async () => {
    const v = await newVisitor();
    expect(ok(await getCart(v))).toEqual({
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
    const cart = ok(await addDish(v, dish('salade-lentilles-puy').id));
    const res = await v.request('GET', '/api/state');
    expect(stateSchema.parse(res.json()).cart).toEqual(cart);
    const read = await getCart(v);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(ok(read)).toEqual(cart);
  });

  it('is the visitor’s own: another session sees its own cart', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    ok(await addDish(a, dish('salade-lentilles-puy').id));
    expect(ok(await getCart(b)).products).toEqual([]);
  });
});

/* ================================================================ dishes and formulas */

describe('POST /api/cart/products', () => {
  it('adds a dish at its price, without a deposit, and reserves a portion', async () => {
    const veloute = dish('veloute-potimarron');
    const before = await reservedOf(veloute.id);
    const v = await newVisitor();
    const cart = ok(await addDish(v, veloute.id));
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
    expect(ok(await getCart(v)).products).toEqual([]);
  });

  it('refuses a sold-out dish (409) and takes nothing', async () => {
    const truite = dish('truite-beurre-blanc');
    const reserved = await reservedOf(truite.id);
    await setStock(truite.id, reserved);
    const v = await newVisitor();
    const body = refused(await addDish(v, truite.id), 409, 'sold_out');
    const message = 'Désolé, « Truite de l’Ain, beurre blanc » est épuisé pour cette livraison.';
    expect(body).toEqual({ code: 'sold_out', message, errors: { id: [message] } });
    expect(ok(await getCart(v)).products).toEqual([]);
    expect(await reservedOf(truite.id)).toBe(reserved);

    // One portion more: it can be added once, not incremented.
    await setStock(truite.id, reserved + 1);
    const cart = ok(await addDish(v, truite.id));
    refused(await increment(v, cart.products[0]!.unique_id), 409, 'sold_out');
    expect(ok(await getCart(v)).products[0]!.quantity).toBe(1);
    expect(await reservedOf(truite.id)).toBe(reserved + 1);
    await setStock(truite.id, null);
  });

  it(`limits a line to ${CART_LINE_MAX_QUANTITY} (409 line_limit)`, async () => {
    const water = dish('eau-petillante');
    const before = await reservedOf(water.id);
    const { v } = await customerVisitor();
    const line = ok(await addDish(v, water.id)).products[0]!;
    for (let i = 1; i < CART_LINE_MAX_QUANTITY; i++) ok(await increment(v, line.unique_id));
    expect(ok(await getCart(v)).products[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    const message = 'Vous ne pouvez pas ajouter plus de 20 fois le même article.';
    expect(refused(await increment(v, line.unique_id), 409, 'line_limit').errors?.id).toEqual([message]);
    expect(refused(await addDish(v, water.id), 409, 'line_limit').errors?.id).toEqual([message]);
    expect(ok(await getCart(v)).products[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    expect(await reservedOf(water.id)).toBe(before + CART_LINE_MAX_QUANTITY);
  });

  it(`limits a cart to ${CART_MAX_LINES} different articles`, async () => {
    const { v } = await customerVisitor();
    for (const d of dishes.slice(0, CART_MAX_LINES)) ok(await addDish(v, d.id));
    const extra = dishes[CART_MAX_LINES]!;
    const before = await reservedOf(extra.id);
    const body = refused(await addDish(v, extra.id), 409, 'line_limit');
    expect(body.errors?.id).toEqual([`Votre panier est complet : ${CART_MAX_LINES} articles différents au plus.`]);
    expect(await reservedOf(extra.id)).toBe(before);
    // A line already there can still grow.
    ok(await addDish(v, dishes[0]!.id));
    // Give every portion back (the cart expires unseen).
    app.clock.set(at(MONDAY, '09:31:00'));
    expect(ok(await getCart(v)).products).toEqual([]);
  });
});

describe('POST /api/cart/menus', () => {
  it('adds a formula at its price plus its extras, with a 4 € deposit, and reserves every dish', async () => {
    const complete = menuNamed('Formule Complète');
    const formatted = composeFirst(complete, ['eau-minerale-plate']);
    const ids = dishesOf(formatted);
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    const cart = ok(await addMenu(v, formatted));

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
    ok(await addDish(v, dish('veloute-potimarron').id));
    const cart = ok(await addMenu(v, composeFirst(menuNamed('Plateau repas'), ['biere-blonde-croix-rousse', 'cervelle-de-canut'])));
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
    const first = ok(await addMenu(v, composeFirst(complete, ['jus-pomme-monts-lyonnais', 'eau-petillante'])));
    const again = ok(await addMenu(v, composeFirst(complete, ['eau-petillante', 'jus-pomme-monts-lyonnais'])));
    expect(again.products).toHaveLength(1);
    expect(again.products[0]).toMatchObject({ unique_id: first.products[0]!.unique_id, quantity: 2, unit_price: 1490 + 150 + 250 });
    expect(again).toMatchObject({ final_price: '45,80', deposit_added_quantity: 2, deposit_added_amount: 800, total_deposit: 800 });
  });

  it('makes a line of each composition', async () => {
    const complete = menuNamed('Formule Complète');
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(complete)));
    ok(await addMenu(v, composeFirst(complete, ['the-glace-peche'])));
    const cart = ok(await addMenu(v, compose(complete, { picks: { Plat: 'risotto-cepes' } })));
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
    expect(ok(await getCart(v)).products).toEqual([]);
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
    expect(ok(await getCart(v)).products).toEqual([]);
    await setStock(risotto.id, null);
  });

  it(`limits a formula line to ${CART_LINE_MAX_QUANTITY}`, async () => {
    const { v } = await customerVisitor();
    const formatted = composeFirst(menuNamed('Formule Verte'));
    const line = ok(await addMenu(v, formatted)).products[0]!;
    for (let i = 1; i < CART_LINE_MAX_QUANTITY; i++) ok(await increment(v, line.unique_id));
    refused(await addMenu(v, formatted), 409, 'line_limit');
    refused(await increment(v, line.unique_id), 409, 'line_limit');
    const cart = ok(await getCart(v));
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
    const id = ok(await addMenu(v, formatted)).products[0]!.unique_id;

    const two = ok(await increment(v, id));
    expect(two.products[0]!.quantity).toBe(2);
    expect(two).toMatchObject({ final_price: '33,80', deposit_added_quantity: 2 });
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 2));

    const one = ok(await decrement(v, id));
    expect(one.products[0]!.quantity).toBe(1);
    expect(one.final_price).toBe('16,90');
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 1));

    const none = ok(await decrement(v, id));
    expect(none).toMatchObject({ products: [], final_price: '0,00', deposit_added_quantity: 0, expiration_in_seconds: 0 });
    expect(await reservedOfAll(ids)).toEqual(before);
  });

  it('answers 404 for a line not in the visitor’s cart', async () => {
    const owner = await newVisitor();
    const other = await newVisitor();
    const id = ok(await addDish(owner, dish('bugnes-lyonnaises').id)).products[0]!.unique_id;
    for (const [v, lineId] of [
      [owner, 'product-999999'],
      [other, id],
    ] as const) {
      for (const call of [increment, decrement]) {
        const body = refused(await call(v, lineId), 404, 'unknown_line');
        expect(body.errors?.id).toEqual(['Cet article n’est plus dans votre panier.']);
      }
    }
    expect(ok(await getCart(owner)).products[0]!.quantity).toBe(1);
  });
});

/* ================================================================ cutlery and tote bags */

describe('cutlery and tote bags', () => {
  it('offers one of each per formula, free of charge', async () => {
    const v = await newVisitor();
    const id = ok(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    ok(await increment(v, id));
    for (const [path, key, code, title] of [
      ['/api/cart/cutlery', 'cutlery', 'cutlery_limit', 'Nos couverts sont limités !'],
      ['/api/cart/tote-bags', 'tote_bags', 'tote_bags_limit', 'Nos tote bags sont limités !'],
    ] as const) {
      expect(ok(await v.request('POST', path))[key]).toEqual({ unit_price: 0, quantity: 1 });
      expect(ok(await v.request('POST', path))[key].quantity).toBe(2);
      const body = refused(await v.request('POST', path), 409, code);
      expect(body.message).toBe(title);
      expect(ok(await getCart(v))[key].quantity).toBe(2);
    }
    expect(CART_NOTICES.cutlery.title).toBe('Nos couverts sont limités !');
    expect(ok(await getCart(v)).final_price).toBe('33,80');
  });

  it('offers none with dishes alone', async () => {
    const v = await newVisitor();
    ok(await addDish(v, dish('tarte-pralines-roses').id));
    refused(await v.request('POST', '/api/cart/cutlery'), 409, 'cutlery_limit');
    refused(await v.request('POST', '/api/cart/tote-bags'), 409, 'tote_bags_limit');
    const empty = await newVisitor();
    refused(await empty.request('POST', '/api/cart/cutlery'), 409, 'cutlery_limit');
  });

  it('follows the formulas left: removing one takes its cutlery and tote bag away', async () => {
    const v = await newVisitor();
    const id = ok(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    ok(await increment(v, id));
    ok(await addDish(v, dish('mousse-chocolat').id));
    for (const path of ['/api/cart/cutlery', '/api/cart/cutlery', '/api/cart/tote-bags', '/api/cart/tote-bags']) {
      ok(await v.request('POST', path));
    }
    const one = ok(await decrement(v, id));
    expect([one.cutlery.quantity, one.tote_bags.quantity]).toEqual([1, 1]);
    const none = ok(await decrement(v, id));
    expect([none.cutlery.quantity, none.tote_bags.quantity]).toEqual([0, 0]);
    expect(none.products.map((p) => p.product_name)).toEqual(['Mousse au chocolat noir']);
  });

  it('takes one away on DELETE, never below 0', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Plat + Dessert'))));
    ok(await v.request('POST', '/api/cart/cutlery'));
    ok(await v.request('POST', '/api/cart/tote-bags'));
    for (const [path, key] of [
      ['/api/cart/cutlery', 'cutlery'],
      ['/api/cart/tote-bags', 'tote_bags'],
    ] as const) {
      expect(ok(await v.request('DELETE', path))[key].quantity).toBe(0);
      expect(ok(await v.request('DELETE', path))[key].quantity).toBe(0);
    }
    const empty = await newVisitor();
    expect(ok(await empty.request('DELETE', '/api/cart/cutlery')).cutlery.quantity).toBe(0);
  });

  it('refuses them when the setting is off (409 bonus_disabled)', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Plat + Dessert'))));
    try {
      await setSetting('enable_cutlery', '0');
      await setSetting('enable_tote_bags', '0');
      expect(refused(await v.request('POST', '/api/cart/cutlery'), 409, 'bonus_disabled').message).toBe(
        'Les couverts ne sont pas proposés en ce moment.',
      );
      expect(refused(await v.request('POST', '/api/cart/tote-bags'), 409, 'bonus_disabled').message).toBe(
        'Les tote bags ne sont pas proposés en ce moment.',
      );
    } finally {
      await setSetting('enable_cutlery', '1');
      await setSetting('enable_tote_bags', '1');
    }
    expect(ok(await v.request('POST', '/api/cart/cutlery')).cutlery.quantity).toBe(1);
  });
});

/* ================================================================ deposits */

describe('returned deposits', () => {
  it('are refused to an anonymous visitor (409 not_enough_deposit)', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const body = refused(await v.request('POST', '/api/cart/deposits'), 409, 'not_enough_deposit');
    expect(body.message).toBe('Pas si vite !');
    expect(ok(await getCart(v)).deposit_removed_quantity).toBe(0);
  });

  it('refund 4 € each, up to the containers the customer holds', async () => {
    const { v } = await customerVisitor(2);
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const one = ok(await v.request('POST', '/api/cart/deposits'));
    expect(one).toMatchObject({ deposit_removed_quantity: 1, deposit_removed_amount: 400, total_deposit: 0, final_price: '14,90' });
    const two = ok(await v.request('POST', '/api/cart/deposits'));
    expect(two).toMatchObject({
      deposit_added_amount: 400,
      deposit_added_quantity: 1,
      deposit_removed_quantity: 2,
      deposit_removed_amount: 800,
      total_deposit: -400,
      final_price: '10,90',
    });
    expect(refused(await v.request('POST', '/api/cart/deposits'), 409, 'not_enough_deposit').message).toBe('Pas si vite !');
    expect(ok(await v.request('DELETE', '/api/cart/deposits'))).toMatchObject({ deposit_removed_quantity: 1, final_price: '14,90' });
    ok(await v.request('DELETE', '/api/cart/deposits'));
    expect(ok(await v.request('DELETE', '/api/cart/deposits')).deposit_removed_quantity).toBe(0);
  });

  it('are never worth more than the order', async () => {
    const { v } = await customerVisitor(2);
    ok(await addDish(v, dish('veloute-potimarron').id));
    expect(ok(await v.request('POST', '/api/cart/deposits'))).toMatchObject({ deposit_removed_quantity: 1, final_price: '0,90' });
    const body = refused(await v.request('POST', '/api/cart/deposits'), 409, 'cannot_remove_deposit');
    expect(body.message).toBe('Impossible de rendre plus de consignes !');
    expect(ok(await getCart(v)).deposit_removed_quantity).toBe(1);
    const empty = await customerVisitor(2);
    refused(await empty.v.request('POST', '/api/cart/deposits'), 409, 'cannot_remove_deposit');
  });

  it('follow the order down when a line goes', async () => {
    const { v } = await customerVisitor(2);
    const id = ok(await addMenu(v, composeFirst(menuNamed('Formule Complète')))).products[0]!.unique_id;
    ok(await addDish(v, dish('veloute-potimarron').id));
    ok(await v.request('POST', '/api/cart/deposits'));
    expect(ok(await v.request('POST', '/api/cart/deposits')).final_price).toBe('15,80');
    const after = ok(await decrement(v, id));
    expect(after).toMatchObject({
      deposit_added_quantity: 0,
      deposit_removed_quantity: 1,
      deposit_removed_amount: 400,
      total_deposit: -400,
      final_price: '0,90',
    });
  });
});

/* ================================================================ promo and sponsor codes */

describe('POST /api/cart/discounts', () => {
  const INVALID = "Votre code n'existe pas ou n'est plus valable";

  it('applies a percent code, whatever its case, rounded to the cent', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'), ['jus-pomme-monts-lyonnais'])));
    const [row] = await db().select().from(t.discounts).where(eq(t.discounts.code, 'BIENVENUE10'));
    const cart = ok(await applyCode(v, '  bienvenue10 '));
    // 17,40 € − 10 % + 4 € of deposit.
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', discount_id: row!.id, discount_amount: 174, final_price: '19,66' });

    await insertDiscount({ code: 'QUINZE', amountType: 1, amount: 15 });
    const other = await newVisitor();
    ok(await addMenu(other, composeFirst(menuNamed('Plat + Dessert'))));
    // 15 % of 12,90 € is 1,935 €.
    expect(ok(await applyCode(other, 'Quinze'))).toMatchObject({ discount_code: 'QUINZE', discount_amount: 194, final_price: '14,96' });
  });

  it('applies a euro code, never beyond the items', async () => {
    const v = await newVisitor();
    const id = ok(await addMenu(v, composeFirst(menuNamed('Formule Complète')))).products[0]!.unique_id;
    expect(ok(await applyCode(v, 'DEJEUNER3'))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300, final_price: '15,90' });
    ok(await addDish(v, dish('eau-minerale-plate').id));
    const small = ok(await decrement(v, id));
    expect(small).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 200, final_price: '0,00' });
  });

  it('keeps the code on the recomputed amounts', async () => {
    const v = await newVisitor();
    ok(await applyCode(v, 'BIENVENUE10'));
    const cart = ok(await addDish(v, dish('veloute-potimarron').id));
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', discount_amount: 49, final_price: '4,41' });
  });

  it('replaces the code, and DELETE removes it', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    ok(await applyCode(v, 'BIENVENUE10'));
    expect(ok(await applyCode(v, 'dejeuner3'))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300 });
    const removed = ok(await v.request('DELETE', '/api/cart/discounts'));
    expect(removed).toMatchObject({ discount_code: null, discount_id: null, discount_amount: 0, final_price: '18,90' });
  });

  it('refuses unknown, expired, future and exhausted codes with the one message (422)', async () => {
    await insertDiscount({ code: 'PERIME', endsOn: '2026-11-22' });
    await insertDiscount({ code: 'BIENTOT', startsOn: TUESDAY });
    await insertDiscount({ code: 'EPUISE', maxUses: 5, uses: 5 });
    await insertDiscount({ code: 'DERNIER', maxUses: 5, uses: 4, startsOn: MONDAY, endsOn: MONDAY });
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    ok(await applyCode(v, 'DEJEUNER3'));
    for (const code of ['NOPE', 'perime', 'BIENTOT', 'EPUISE', 'BIENVENUE', 'BIENVENUE10X', '%', "' or 1=1 --"]) {
      const body = refused(await applyCode(v, code), 422, 'invalid_discount');
      expect(body, code).toEqual({ code: 'invalid_discount', message: INVALID, errors: { code: [INVALID] } });
    }
    // A refused code leaves the previous one in place.
    expect(ok(await getCart(v))).toMatchObject({ discount_code: 'DEJEUNER3', discount_amount: 300 });
    // Valid on its last day, with a use left.
    expect(ok(await applyCode(v, 'dernier')).discount_code).toBe('DERNIER');
  });

  it('takes another customer’s sponsor code (500 cents off) on an anonymous cart', async () => {
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    // 14,90 € of items: under the sponsor codes' 15 € minimum.
    refused(await applyCode(v, 'camille5'), 422, 'invalid_discount');
    ok(await addDish(v, dish('poireaux-vinaigrette').id));
    const cart = ok(await applyCode(v, 'camille5'));
    expect(cart).toMatchObject({ discount_code: 'CAMILLE5', discount_id: null, discount_amount: 500, final_price: '19,10' });
    expect(ok(await v.request('DELETE', '/api/cart/discounts')).discount_code).toBeNull();
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
    ok(await addDish(newcomer, dish('poireaux-vinaigrette').id));
    ok(await addMenu(newcomer, composeFirst(menuNamed('Formule Complète'))));
    expect(ok(await applyCode(newcomer, 'CAMILLE5'))).toMatchObject({ discount_code: 'CAMILLE5', discount_amount: 500, final_price: '19,10' });
  });
});

/* ================================================================ bad requests */

describe('bad requests', () => {
  it('answers 422, never 500, to malformed bodies', async () => {
    const v = await newVisitor();
    const valid = composeFirst(menuNamed('Formule Complète'));
    const huge = 'x'.repeat(100_000);
    const cases: [string, unknown][] = [
      ...[{}, { id: 'abc' }, { id: '5' }, { id: 1.5 }, { id: -1 }, { id: 0 }, { id: null }, { id: [1] }, { id: { id: 1 } }, { id: true }, { id: huge }].map(
        (body): [string, unknown] => ['/api/cart/products', body],
      ),
      ...[{}, { id: 5 }, { id: '' }, { id: 'x'.repeat(121) }, { id: huge }, { id: null }, { id: ['product-1'] }].map(
        (body): [string, unknown] => ['/api/cart/increment', body],
      ),
      ['/api/cart/decrement', {}],
      ...[
        {},
        { menu: 'Formule Complète' },
        { menu: { id: valid.id } },
        { menu: { ...valid, id: 'abc' } },
        { menu: { ...valid, id: -1 } },
        { menu: { ...valid, sub_products: { abc: 1 } } },
        { menu: { ...valid, sub_products: { [huge]: 1 } } },
        { menu: { ...valid, sub_products: { '1': 'salade' } } },
        { menu: { ...valid, sub_products: { '1': [1] } } },
        { menu: { ...valid, additional_products: { '1': 5 } } },
        { menu: { ...valid, additional_products: { '1': [-5] } } },
        { menu: { ...valid, additional_products: { '1': Array.from({ length: 21 }, (_, i) => i + 1) } } },
        { menu: { ...valid, additional_products: [] } },
      ].map((body): [string, unknown] => ['/api/cart/menus', body]),
      ...[{}, { code: '' }, { code: '   ' }, { code: 5 }, { code: null }, { code: 'A'.repeat(41) }, { code: huge }, { code: ['BIENVENUE10'] }].map(
        (body): [string, unknown] => ['/api/cart/discounts', body],
      ),
    ];
    for (const [url, body] of cases) {
      const res = await v.request('POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    for (const body of [{}, { id: 'abc' }, { id: null }]) {
      expect(refused(await v.request('POST', '/api/cart/products', body), 422, 'validation_failed').errors?.id).toEqual(['Ce plat est introuvable.']);
    }
    expect(refused(await v.request('POST', '/api/cart/discounts', { code: '  ' }), 422, 'validation_failed').errors?.code).toEqual([
      'Saisissez votre code promo.',
    ]);
    expect(ok(await getCart(v)).products).toEqual([]);
  });

  it('answers 422, never 500, to ids beyond what the database stores', async () => {
    const v = await newVisitor();
    const valid = composeFirst(menuNamed('Formule Complète'));
    const big = 2 ** 31;
    // Refused by the request schema, field by field, before any query.
    expect(refused(await addDish(v, big), 422, 'validation_failed').errors?.id).toEqual(['Ce plat est introuvable.']);
    refused(await addDish(v, Number.MAX_SAFE_INTEGER), 422, 'validation_failed');
    expect(refused(await addMenu(v, { ...valid, id: big }), 422, 'validation_failed').errors?.['menu.id']).toEqual(['Formule inconnue.']);
    const [first] = Object.keys(valid.sub_products);
    refused(await addMenu(v, { ...valid, sub_products: { ...valid.sub_products, [first!]: big } }), 422, 'validation_failed');
    // A category key past the range passes the schema (it is a string) and names nothing.
    refused(await addMenu(v, { ...valid, additional_products: { '99999999999999999999': [1] } }), 422, 'invalid_menu');
    expect(ok(await getCart(v)).products).toEqual([]);
  });

  it('needs the anti-forgery token (419) on every change', async () => {
    const v = await newVisitor();
    const calls: ['POST' | 'DELETE', string, unknown][] = [
      ['POST', '/api/cart/products', { id: dish('veloute-potimarron').id }],
      ['POST', '/api/cart/menus', { menu: composeFirst(menuNamed('Formule Complète')) }],
      ['POST', '/api/cart/increment', { id: 'product-1' }],
      ['POST', '/api/cart/decrement', { id: 'product-1' }],
      ['POST', '/api/cart/cutlery', undefined],
      ['DELETE', '/api/cart/cutlery', undefined],
      ['POST', '/api/cart/tote-bags', undefined],
      ['DELETE', '/api/cart/tote-bags', undefined],
      ['POST', '/api/cart/deposits', undefined],
      ['DELETE', '/api/cart/deposits', undefined],
      ['POST', '/api/cart/discounts', { code: 'BIENVENUE10' }],
      ['DELETE', '/api/cart/discounts', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await v.request(method, url, body, { 'x-xsrf-token': '' })).statusCode, `${method} ${url}`).toBe(419);
      expect((await v.request(method, url, body, { 'x-xsrf-token': 'forged' })).statusCode, `${method} ${url}`).toBe(419);
    }
    expect((await app.app.inject({ method: 'POST', url: '/api/cart/products', payload: { id: 1 } })).statusCode).toBe(419);
    expect(ok(await getCart(v)).products).toEqual([]);
  });
});

/* ================================================================ expiry and delivery date */

describe('expiry', () => {
  it('empties a guest’s cart left 15 minutes unchanged and gives its portions back', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    const tatin = dish('tarte-tatin');
    const formatted = composeFirst(menuNamed('Formule Verte'));
    const ids = [tatin.id, ...dishesOf(formatted)];
    const before = await reservedOfAll(ids);
    const v = await newVisitor();
    ok(await addDish(v, tatin.id));
    expect(ok(await addMenu(v, formatted)).expiration_in_seconds).toBe(900);
    expect(await reservedOfAll(ids)).toEqual(before.map((n) => n + 1));

    app.clock.set(at(MONDAY, '07:14:59'));
    expect(ok(await getCart(v)).expiration_in_seconds).toBe(1);
    app.clock.set(at(MONDAY, '07:16:00'));
    expect(ok(await getCart(v))).toMatchObject({ products: [], final_price: '0,00', expiration_in_seconds: 0 });
    expect(await reservedOfAll(ids)).toEqual(before);
    expect(await cartRowsOfSession(v)).toEqual([]);
  });

  it('restarts the countdown on every change', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    // A customer's cart: a guest's countdown also stops an hour after its first article (abuse-limits.test.ts).
    const { v } = await customerVisitor();
    const id = ok(await addDish(v, dish('tarte-tatin').id)).products[0]!.unique_id;
    app.clock.set(at(MONDAY, '07:20:00'));
    expect(ok(await getCart(v)).expiration_in_seconds).toBe(600);
    expect(ok(await increment(v, id)).expiration_in_seconds).toBe(1800);
    app.clock.set(at(MONDAY, '07:40:00'));
    const cart = ok(await getCart(v));
    expect(cart.products[0]!.quantity).toBe(2);
    expect(cart.expiration_in_seconds).toBe(600);
    app.clock.set(at(MONDAY, '07:45:00'));
    expect(ok(await v.request('POST', '/api/cart/discounts', { code: 'DEJEUNER3' })).expiration_in_seconds).toBe(1800);
    app.clock.set(at(MONDAY, '08:15:00'));
    expect(ok(await getCart(v)).products).toEqual([]);
  });

  it('starts an expired cart over on the next change', async () => {
    app.clock.set(at(MONDAY, '07:00:00'));
    const tatin = dish('tarte-tatin');
    const before = await reservedOf(tatin.id);
    const v = await newVisitor();
    ok(await addDish(v, tatin.id));
    ok(await applyCode(v, 'DEJEUNER3'));
    app.clock.set(at(MONDAY, '07:45:00'));
    const cart = ok(await addDish(v, dish('bugnes-lyonnaises').id));
    expect(cart.products.map((p) => p.product_name)).toEqual(['Bugnes lyonnaises']);
    expect(cart.discount_code).toBeNull();
    expect(await reservedOf(tatin.id)).toBe(before);
  });

  it('releaseExpiredCarts gives back the portions of abandoned carts of other sessions', async () => {
    const poire = dish('poire-pochee-beaujolais');
    const before = await reservedOf(poire.id);
    app.clock.set(at(MONDAY, '06:00:00'));
    const gone = await newVisitor();
    ok(await addDish(gone, poire.id));
    ok(await addDish(gone, poire.id));
    app.clock.set(at(MONDAY, '06:10:00'));
    const kept = await newVisitor();
    ok(await addDish(kept, poire.id));
    expect(await reservedOf(poire.id)).toBe(before + 3);

    // Guests' carts: 15 minutes after their last change.
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:14:59'))).toBe(0);
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:16:00'))).toBe(1);
    expect(await releaseExpiredCarts(db(), at(MONDAY, '06:16:00'))).toBe(0);
    expect(await reservedOf(poire.id)).toBe(before + 1);
    expect(await cartRowsOfSession(gone)).toEqual([]);
    expect(await cartRowsOfSession(kept)).toHaveLength(1);
    app.clock.set(at(MONDAY, '06:21:00'));
    expect(ok(await getCart(gone)).products).toEqual([]);
    expect(ok(await getCart(kept)).products[0]!.quantity).toBe(1);
  });

  it('a change releases other sessions’ abandoned carts first', async () => {
    const poire = dish('poire-pochee-beaujolais');
    await setStock(poire.id, (await reservedOf(poire.id)) + 1);
    try {
      app.clock.set(at(MONDAY, '05:00:00'));
      const first = await newVisitor();
      ok(await addDish(first, poire.id));
      const second = await newVisitor();
      refused(await addDish(second, poire.id), 409, 'sold_out');
      app.clock.set(at(MONDAY, '05:31:00'));
      expect(ok(await addDish(second, poire.id)).products[0]!.quantity).toBe(1);
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
    ok(await addDish(v, crumble.id));
    expect(await reservedOf(crumble.id)).toBe(monday + 1);
    // The last Monday cut-off is 11:00: the cart has not expired, but Monday is over.
    app.clock.set(at(MONDAY, '11:01:00'));
    expect(ok(await getCart(v)).products).toEqual([]);
    expect(await reservedOf(crumble.id)).toBe(monday);
    ok(await addDish(v, crumble.id));
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
    expect(ok(await getCart(v)).products).toEqual([]);
    expect(stateSchema.parse((await v.request('GET', '/api/state')).json()).cart?.products ?? []).toEqual([]);
  });
});

/* ================================================================ concurrency */

describe('concurrency', () => {
  it('never sells the last portions twice to parallel carts', async () => {
    const pate = dish('pate-en-croute');
    await setStock(pate.id, 5, 0);
    const visitors = await Promise.all(Array.from({ length: 20 }, newVisitor));
    const answers = await Promise.all(visitors.map((v) => addDish(v, pate.id)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('sold_out');
    expect(await availability(pate.id)).toMatchObject({ stock: 5, reserved: 5 });
    const carts = await Promise.all(visitors.map(async (v) => ok(await getCart(v)).products.length));
    expect(carts.filter((n) => n === 1)).toHaveLength(5);
  });

  it('never sells the last portions twice to parallel increments', async () => {
    const oeufs = dish('oeufs-en-meurette');
    await setStock(oeufs.id, 5, 0);
    const a = await newVisitor();
    const b = await newVisitor();
    const idA = ok(await addDish(a, oeufs.id)).products[0]!.unique_id;
    const idB = ok(await addDish(b, oeufs.id)).products[0]!.unique_id;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? increment(a, idA) : increment(b, idB))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409 && r.json().code === 'sold_out')).toHaveLength(7);
    const quantities = [ok(await getCart(a)), ok(await getCart(b))].map((c) => c.products[0]!.quantity);
    expect(quantities[0]! + quantities[1]!).toBe(5);
    expect(await availability(oeufs.id)).toMatchObject({ stock: 5, reserved: 5 });
  });

  it('keeps one line per composition under parallel adds of the same formula', async () => {
    const v = await newVisitor();
    // Three portions each (two courses and a drink): four of them are a guest's twelve portions.
    const formatted = composeFirst(menuNamed('Entrée + Plat'), ['limonade-artisanale']);
    const answers = await Promise.all(Array.from({ length: 4 }, () => addMenu(v, formatted)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const cart = ok(await getCart(v));
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]!.quantity).toBe(4);
    expect(await cartRowsOfSession(v)).toHaveLength(1);
  });
});

/* ================================================================ login */

describe('adoptCart (login)', () => {
  it('makes the anonymous cart the customer’s when they have none', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const cart = ok(await applyCode(v, 'BIENVENUE10'));
    const [row] = await cartRowsOfSession(v);

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    // The customer's now, with a customer's countdown.
    expect(cart.expiration_in_seconds).toBe(900);
    expect(ok(await getCart(v))).toEqual({ ...cart, expiration_in_seconds: 1800 });
    const [adopted] = await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    expect(adopted).toMatchObject({ id: row!.id, sessionId: null, customerId: customer.id });
    // The customer's cart follows them to another device.
    const other = await newVisitor();
    await logIn(other, customer.id);
    expect(ok(await getCart(other))).toEqual({ ...cart, expiration_in_seconds: 1800 });
  });

  it('merges into the customer’s cart: lines add up to the limit, bonuses keep the larger, the anonymous code wins', async () => {
    const customer = await newCustomer();
    const fromage = dish('fromage-blanc-creme-marrons');
    const complete = composeFirst(menuNamed('Formule Complète'));
    const verte = composeFirst(menuNamed('Formule Verte'));
    const before = await reservedOf(fromage.id);

    // The customer's own cart, from another device: 19 fromages blancs, a formula with a tote bag, BIENVENUE10.
    const device = await newVisitor();
    await logIn(device, customer.id);
    await addDishTimes(device, fromage.id, 19);
    ok(await addMenu(device, verte));
    ok(await device.request('POST', '/api/cart/tote-bags'));
    ok(await applyCode(device, 'BIENVENUE10'));

    // The anonymous cart (a guest holds 12 portions at most): 6 fromages blancs, two formulas of
    // three courses with two sets of cutlery, DEJEUNER3.
    const v = await newVisitor();
    await addDishTimes(v, fromage.id, 6);
    const id = ok(await addMenu(v, complete)).products[0]!.unique_id;
    ok(await increment(v, id));
    ok(await v.request('POST', '/api/cart/cutlery'));
    ok(await v.request('POST', '/api/cart/cutlery'));
    ok(await applyCode(v, 'DEJEUNER3'));
    expect(await reservedOf(fromage.id)).toBe(before + 25);
    expect(GUEST_CART_MAX_PORTIONS).toBe(12);
    const [anonymous] = await cartRowsOfSession(v);

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    const cart = ok(await getCart(v));
    expect(cart.products.map((p) => [p.product_name, p.quantity])).toEqual([
      ['Formule Verte', 1],
      ['Formule Complète', 2],
      ['Fromage blanc à la crème de marrons', CART_LINE_MAX_QUANTITY],
    ]);
    expect(cart).toMatchObject({
      cutlery: { quantity: 2 },
      tote_bags: { quantity: 1 },
      discount_code: 'DEJEUNER3',
      discount_amount: 300,
      deposit_added_quantity: 3,
      // 14,50 € + 2 × 14,90 € + 20 × 3,50 € − 3 € + 3 × 4 €
      final_price: '123,30',
    });
    // The 5 portions beyond the limit are on sale again.

    expect(await reservedOf(fromage.id)).toBe(before + CART_LINE_MAX_QUANTITY);
    expect(await db().select().from(t.carts).where(eq(t.carts.id, anonymous!.id))).toEqual([]);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toHaveLength(1);
    expect(ok(await getCart(device))).toEqual(cart);
  });

  it('keeps the customer’s code when the anonymous cart has none', async () => {
    const customer = await newCustomer();
    const device = await newVisitor();
    await logIn(device, customer.id);
    ok(await addDish(device, dish('salade-lentilles-puy').id));
    ok(await applyCode(device, 'BIENVENUE10'));

    const v = await newVisitor();
    const id = ok(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    ok(await increment(v, id));
    ok(await v.request('POST', '/api/cart/cutlery'));
    ok(await v.request('POST', '/api/cart/cutlery'));

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    const cart = ok(await getCart(device));
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', cutlery: { quantity: 2 }, deposit_added_quantity: 2 });
    // 2 × 12,90 € + 4,80 € = 30,60 €, − 3,06 € + 8 €
    expect(cart.final_price).toBe('35,54');
  });

  it('drops the customer’s own sponsor code, used before logging in', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    ok(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    ok(await addDish(v, dish('poireaux-vinaigrette').id));
    expect(ok(await applyCode(v, customer.sponsorCode)).discount_amount).toBe(500);
    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    expect(ok(await getCart(v))).toMatchObject({ discount_code: null, discount_amount: 0, final_price: '24,10' });
  });

  it('drops an expired anonymous cart instead of adopting it', async () => {
    const customer = await newCustomer();
    const tatin = dish('tarte-tatin');
    const before = await reservedOf(tatin.id);
    app.clock.set(at(MONDAY, '04:00:00'));
    const v = await newVisitor();
    ok(await addDish(v, tatin.id));
    await adoptCart(db(), sessionIdOf(v), customer.id, at(MONDAY, '04:31:00'));
    expect(await reservedOf(tatin.id)).toBe(before);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toEqual([]);
    expect(await cartRowsOfSession(v)).toEqual([]);
  });
});

describe('taking things out of a cart that does not exist', () => {
  it('answers the empty cart and creates no cart row', async () => {
    const v = await newVisitor();
    for (const url of ['/api/cart/cutlery', '/api/cart/tote-bags', '/api/cart/deposits', '/api/cart/discounts']) {
      expect(ok(await v.request('DELETE', url)).products).toEqual([]);
    }
    expect(await db().select().from(t.carts).where(eq(t.carts.sessionId, sessionIdOf(v)))).toEqual([]);
  });
});
