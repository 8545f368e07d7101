import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { hashToken } from '../../server/lib/tokens';
import { cartSchema, type Cart } from '#shared/api/cart';
import { menusSchema, productListSchema, type CatalogProduct, type FormattedMenu, type Menu } from '#shared/api/catalog';
import { MONDAY, at, createTestApp, moneyOf, setMoney as setMoneyOf, visitor, type customerWithCart, type TestApp } from './helpers';

/*
 * What several API test files build the same way: the frame of a file (its app, its catalog, its
 * clock), rows of the tests' own (customers, discounts, stock), and the cart's calls. The app, its
 * database and the visitors are tests/api/helpers.ts'.
 */

/** Tuesday 24 November 2026, the delivery date after MONDAY. */
export const TUESDAY = '2026-11-24';

export type Visitor = Awaited<ReturnType<typeof visitor>>;
/** A customer of helpers' customerWithCart: logged in, a dish in the cart, the cart validated. */
type CustomerWithCart = Awaited<ReturnType<typeof customerWithCart>>;

/** What a call needs of a visitor: helpers' visitor, or a file's own kind of it. */
interface Caller {
  request(method: 'GET' | 'POST', url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/* ---------------------------------------------------------------- formulas */

export const requiredOf = (menu: Menu) => menu.categories.filter((c) => c.required);
export const extrasOf = (menu: Menu) => menu.categories.find((c) => !c.required)!;
export const categoryNamed = (menu: Menu, name: string) => menu.categories.find((c) => c.name === name)!;

/**
 * A valid formatted menu: the first dish of each required category (or the slug `picks` gives for
 * a category name), and the extras given by slug.
 */
export function compose(menu: Menu, options: { picks?: Record<string, string>; extras?: string[] } = {}): FormattedMenu {
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
/** The first dish of each required category, and the extras given by slug. */
export const composeFirst = (menu: Menu, extras: string[] = []) => compose(menu, { extras });

/** The dish ids a formatted menu takes portions of. */
export const dishesOf = (menu: FormattedMenu) => [...Object.values(menu.sub_products), ...Object.values(menu.additional_products).flat()];

/* ---------------------------------------------------------------- the cart's calls */

export const getCart = (v: Caller) => v.request('GET', '/api/cart');
export const addDish = (v: Caller, id: number) => v.request('POST', '/api/cart/products', { id });
export const addMenu = (v: Caller, menu: FormattedMenu) => v.request('POST', '/api/cart/menus', { menu });
export const increment = (v: Caller, id: string) => v.request('POST', '/api/cart/increment', { id });
export const decrement = (v: Caller, id: string) => v.request('POST', '/api/cart/decrement', { id });
export const applyCode = (v: Caller, code: string) => v.request('POST', '/api/cart/discounts', { code });

/** The cart of a 200 answer, checked against the shared schema. */
export function cartOf(res: LightMyRequestResponse): Cart {
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json());
}

/** Adds a dish `times` times and answers the last cart. */
export async function addDishTimes(v: Caller, id: number, times: number): Promise<Cart> {
  let cart: Cart | null = null;
  for (let i = 0; i < times; i++) cart = cartOf(await addDish(v, id));
  return cart!;
}

/* ---------------------------------------------------------------- answers */

/** A cookie a response sets. */
export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** The session row's id: the hash of the visitor's session cookie. */
export const sessionIdOf = (v: Pick<Visitor, 'jar'>) => hashToken(v.jar.get('popote_session')!);

/* ---------------------------------------------------------------- rows of the tests' own */

let customerCount = 0;

/**
 * The builders bound to a file's app (`app` answers it once the file's `beforeAll` has made it):
 * the catalog as the API answers it, stock, customers, sessions, discounts, orders and mail.
 */
export function fixtures(app: () => TestApp) {
  const db = () => app().database.db;
  // Filled in place by loadCatalog, so that a file may keep them from before its beforeAll.
  const menus: Menu[] = [];
  const dishes: CatalogProduct[] = [];

  async function availability(productId: number, date = MONDAY) {
    const [row] = await db()
      .select()
      .from(t.productAvailabilities)
      .where(and(eq(t.productAvailabilities.productId, productId), eq(t.productAvailabilities.date, date)));
    if (!row) throw new Error(`dish ${productId} is not cooked on ${date}`);
    return row;
  }
  const reservedOf = async (productId: number, date = MONDAY) => (await availability(productId, date)).reserved;

  const setMoney = (customerId: number, money: { poolCents?: number; deposits?: number }) => setMoneyOf(app().database, customerId, money);

  /** A customer of the test's own, written straight in the database (the demo customer's cart would be shared between tests); `poolCents` and `deposits` go to the ledger. */
  async function newCustomer({ poolCents, deposits, ...values }: Partial<typeof t.customers.$inferInsert> & { poolCents?: number; deposits?: number } = {}) {
    const n = ++customerCount;
    const [row] = await db()
      .insert(t.customers)
      .values({
        firstname: 'Client',
        lastname: `Test ${n}`,
        email: `client-test-${n}@example.test`,
        phone: '06 00 00 00 00',
        passwordHash: 'not-a-hash',
        sponsorCode: `AMI${n}`,
        ...values,
      })
      .returning();
    await setMoney(row!.id, { poolCents, deposits });
    return row!;
  }

  /** Logs a visitor in by giving its session row a customer (logging in itself is tested in auth-login.test.ts). */
  async function logIn(v: Pick<Visitor, 'jar'>, customerId: number) {
    await db().update(t.sessions).set({ customerId }).where(eq(t.sessions.id, sessionIdOf(v)));
  }

  return {
    db,
    menus,
    dishes,

    /** Reads the formulas and dishes of the day as the API answers them (after the stock is set). */
    async loadCatalog() {
      menus.splice(0, menus.length, ...menusSchema.parse((await app().app.inject('/api/menus')).json()));
      dishes.splice(0, dishes.length, ...productListSchema.parse((await app().app.inject('/api/products')).json()));
    },
    menuNamed(name: string): Menu {
      const menu = menus.find((m) => m.name === name);
      if (!menu) throw new Error(`no formula ${name}`);
      return menu;
    },
    dish(slug: string): CatalogProduct {
      const found = dishes.find((d) => d.slug === slug);
      if (!found) throw new Error(`no dish ${slug}`);
      return found;
    },

    availability,
    reservedOf,
    reservedOfAll: (ids: number[]) => Promise.all(ids.map((id) => reservedOf(id))),
    /** Sets a dish's stock (null: unlimited) on a date, and its reserved portions when given. */
    async setStock(productId: number, stock: number | null, options: { reserved?: number; date?: string } = {}) {
      const { reserved, date = MONDAY } = options;
      await db()
        .update(t.productAvailabilities)
        .set(reserved === undefined ? { stock } : { stock, reserved })
        .where(and(eq(t.productAvailabilities.productId, productId), eq(t.productAvailabilities.date, date)));
    },
    async setSetting(name: string, value: string) {
      await db().update(t.settings).set({ value }).where(eq(t.settings.name, name));
    },

    newCustomer,
    setMoney,
    /** A customer's pool, what is promised to it, their containers (held, less those declared given back) and the pool's history, from the ledger. */
    moneyOf: (customerId: number) => moneyOf(app().database, customerId),
    async demoCustomer() {
      const [row] = await db().select().from(t.customers).where(eq(t.customers.email, DEMO_CUSTOMER.email));
      return row!;
    },
    /** A visitor with a session of its own (an anonymous guest). */
    newVisitor: () => visitor(app().app),
    logIn,
    /** A visitor logged in as a new customer (its row given `values`: pool, deposits…). */
    async customerVisitor(values: Parameters<typeof newCustomer>[0] = {}) {
      const customer = await newCustomer(values);
      const v = await visitor(app().app);
      await logIn(v, customer.id);
      return { v, customer };
    },
    /**
     * A new customer's order on Monday at a point of a tour: the cart filled by `fill`, then paper
     * vouchers declared when given, the rest from the pool (300 € credited for the test).
     */
    async placeOrderAt(
      who: { firstname: string; lastname: string; phone: string; deposits?: number },
      tourName: string,
      point: string,
      fill: (v: Visitor) => Promise<void>,
      vouchers?: { quantity: number; amount: number },
    ): Promise<{ orderId: number; invoice: string; name: string; customerId: number; v: Visitor }> {
      const customer = await newCustomer({ firstname: who.firstname, lastname: who.lastname, phone: who.phone, deposits: who.deposits ?? 0, poolCents: 300_00 });
      const v = await visitor(app().app);
      await logIn(v, customer.id);
      await fill(v);
      const locations = (await app().app.inject('/api/delivery-locations')).json() as { name: string; deliveries: { id: number; tour: { name: string } }[] }[];
      const delivery = locations.find((l) => l.name === point)!.deliveries.find((d) => d.tour.name === tourName)!;
      expect((await v.request('POST', '/api/deliveries', { id: delivery.id })).statusCode).toBe(200);
      const validated = await v.request('POST', '/api/cart/validate');
      expect(validated.statusCode, validated.body).toBe(200);
      if (vouchers) expect((await v.request('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [vouchers] })).statusCode).toBe(200);
      await v.request('POST', '/api/pending-order/pool');
      const placed = await v.request('POST', '/api/payment');
      expect(placed.statusCode, placed.body).toBe(200);
      const [row] = await db().select().from(t.orders).where(eq(t.orders.customerId, customer.id));
      return { orderId: row!.id, invoice: row!.invoiceNumber!, name: `${who.firstname} ${who.lastname[0]}.`, customerId: customer.id, v };
    },
    cartRowsOfSession: (v: Pick<Visitor, 'jar'>) => db().select().from(t.carts).where(eq(t.carts.sessionId, sessionIdOf(v))),

    async insertDiscount(values: Partial<typeof t.discounts.$inferInsert> & { code: string }) {
      const [row] = await db()
        .insert(t.discounts)
        .values({ amountType: 1, amount: 10, ...values })
        .returning();
      return row!;
    },
    ordersOf: (customerId: number) => db().select().from(t.orders).where(eq(t.orders.customerId, customerId)),
    /** Pays a customer's validated pre-order from their pool, credited for the test: the answer. */
    async payFromPool(c: Pick<CustomerWithCart, 'call' | 'customer'>) {
      await setMoney(c.customer.id, { poolCents: 200_00 });
      await c.call('POST', '/api/pending-order/pool');
      return c.call('POST', '/api/payment');
    },
    /** Starts a card payment: the PayGreen payment order's id, from its hosted page's address. */
    async startCard(call: CustomerWithCart['call']) {
      const res = await call('POST', '/api/payment/paygreen');
      expect(res.statusCode, res.body).toBe(200);
      return new URL(res.json().hosted_payment_url as string).pathname.split('/').pop()!;
    },
    /** The buyer's choice on the PayGreen emulator's hosted page. */
    hostedPage: (po: string, outcome: 'success' | 'refuse' | 'pending') =>
      app().app.inject({ method: 'POST', url: `/__sandbox/paygreen/pay/${po}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` }),
    /** The mails queued to an address, oldest first. */
    mailsTo: (email: string) => db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(asc(t.mailOutbox.id)),
  };
}

/**
 * The frame of a test file about carts and orders: an app of its own (the demo's data too) made
 * before its tests, closed after them, its clock back at Monday 09:00 after each test; the catalog
 * read; and with `unlimitedStock`, every dish's stock lifted, so that each test takes its own
 * portions and none runs out halfway through the file (a test about stock sets the stock of a dish
 * of its own). `app` stands for the file's app in the tests.
 */
export function testFile(options: { unlimitedStock?: boolean } = {}) {
  let current: TestApp | null = null;
  const made = () => {
    if (!current) throw new Error('the file’s app is made in its beforeAll');
    return current;
  };
  const app: TestApp = {
    get app() {
      return made().app;
    },
    get clock() {
      return made().clock;
    },
    get databaseUrl() {
      return made().databaseUrl;
    },
    get database() {
      return made().database;
    },
    close: () => made().close(),
  };
  const built = fixtures(made);
  beforeAll(async () => {
    current = await createTestApp();
    if (options.unlimitedStock) await current.database.db.update(t.productAvailabilities).set({ stock: null });
    await built.loadCatalog();
  });
  afterAll(() => current?.close());
  afterEach(() => current?.clock.set(at(MONDAY, '09:00:00')));
  return { app, ...built };
}
