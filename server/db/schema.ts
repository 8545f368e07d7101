import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImageVariant } from '#shared/api/cover-image';
import type { AbsenceReason, ReceivedVoucherRow, RoundEventType, VoucherIssuer } from '#shared/api/courier-round';

/** An event's own fields beyond its type and order (src/shared/api/courier-round.ts). */
export interface RoundEventPayload {
  reason?: AbsenceReason;
  rows?: ReceivedVoucherRow[];
  count?: number;
  undoes?: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Name/value settings of the shop (enable_cutlery, facebook_url, orders_opening_hour…). */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** The contact form's request types: key → French label. */
export const contactTypes = pgTable('contact_types', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull(),
  description: text('description').notNull(),
  ingredients: jsonb('ingredients').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  allergens: jsonb('allergens').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** starter | main | dessert | drink */
  category: text('category').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** VAT in basis points: 1000 = 10 %. */
  vatRateBp: integer('vat_rate_bp').notNull(),
  nutrition: jsonb('nutrition').$type<{ kcal: number; proteinsG: number; carbsG: number; fatG: number } | null>(),
  /** The picture where one address is enough (cart thumbnails): a drawing, or a photo's narrowest WebP. */
  coverUrl: text('cover_url'),
  /** A photo's original size, blur placeholder and variants (server/media/); null for a drawing. */
  coverWidth: integer('cover_width'),
  coverHeight: integer('cover_height'),
  coverPlaceholder: text('cover_placeholder'),
  coverVariants: jsonb('cover_variants').$type<ImageVariant[]>(),
  createdAt: createdAt(),
});

/** What the kitchen cooks on a delivery date, with an optional daily stock. */
export const productAvailabilities = pgTable(
  'product_availabilities',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Portions cooked that day; null means no limit. */
    stock: integer('stock'),
    /** Portions taken by carts and orders. */
    reserved: integer('reserved').notNull().default(0),
    /**
     * Marked sold out by the kitchen: the stock was lowered to what is taken, and this keeps the
     * cap it had (null: none), given back when the dish is on sale again.
     */
    soldOutAt: timestamp('sold_out_at', { withTimezone: true }),
    stockBeforeSoldOut: integer('stock_before_sold_out'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.date] }), index('product_availabilities_date_idx').on(t.date)],
);

/** Formulas (bundles). */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** A formula's categories: required ones are one-product choices, the others the "petits plus". */
export const menuCategories = pgTable(
  'menu_categories',
  {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id')
    .notNull()
    .references(() => menus.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** 1 starter, 2 main, 3 dessert, other drink. */
  type: integer('type').notNull(),
  required: boolean('required').notNull(),
  position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('menu_categories_menu_name_uq').on(t.menuId, t.name)],
);

export const menuCategoryProducts = pgTable(
  'menu_category_products',
  {
    menuCategoryId: integer('menu_category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Price added to the formula when chosen as an extra; 0 in required categories. */
    extraPriceCents: integer('extra_price_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuCategoryId, t.productId] })],
);

export const deliveryLocations = pgTable(
  'delivery_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    address: text('address').notNull(),
    company: text('company'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    position: integer('position').notNull().default(0),
    /**
     * A company point's access rule (docs/product/delivery.md, "Company points"), one at most: the
     * e-mail domain its customers' accounts must have (lower case, without '@'), or the code the
     * company hands out to its staff (compared trimmed, case ignored; never sent to the client).
     */
    accessEmailDomain: text('access_email_domain'),
    accessCode: text('access_code'),
  },
  (t) => [
    check('delivery_locations_one_access_rule', sql`${t.accessEmailDomain} is null or ${t.accessCode} is null`),
    check('delivery_locations_access_domain_form', sql`${t.accessEmailDomain} = lower(${t.accessEmailDomain}) and position('@' in ${t.accessEmailDomain}) = 0`),
  ],
);

/** A courier's round; its order cut-off applies to every delivery it makes. */
export const tours = pgTable('tours', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'HH:MM:SS' Paris time: orders close then on the delivery day. */
  orderTimeLimit: time('order_time_limit').notNull(),
});

/** One stop of a tour at a location on a date, in a time window. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    deliveryLocationId: integer('delivery_location_id')
      .notNull()
      .references(() => deliveryLocations.id, { onDelete: 'cascade' }),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (t) => [
    uniqueIndex('deliveries_location_tour_date_uq').on(t.deliveryLocationId, t.tourId, t.date),
    index('deliveries_date_idx').on(t.date),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    companyName: text('company_name'),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    sponsorCode: text('sponsor_code').notNull().unique(),
    // The pool and the containers held are the ledger's (ledger_accounts): no balance is kept here.
    lastDeliveryId: integer('last_delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** The demo seed's customer: may log in only where demo data is allowed (never in production). */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(t.email)],
);

/** Server-side sessions, anonymous or not; the cookie holds a token whose hash is the id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /**
     * The company point whose access code this session gave (POST /api/deliveries): checking out
     * to it later does not ask for the code again. Kept at login, dropped at logout.
     */
    accessCodeLocationId: integer('access_code_location_id').references(() => deliveryLocations.id, { onDelete: 'set null' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Promo codes: amount_type 1 = percent (amount in whole percent), otherwise euro (amount in cents). */
export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** 1 percent, 2 euro (the API's amount_type; docs/product/codes.md). */
  amountType: integer('amount_type').notNull(),
  amount: integer('amount').notNull(),
  startsOn: date('starts_on', { mode: 'string' }),
  endsOn: date('ends_on', { mode: 'string' }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  /** A welcome code: a customer's first order only, so once per customer. */
  firstOrderOnly: boolean('first_order_only').notNull().default(false),
  /** A demo seed's code: accepted only where demo data is allowed (never in production). */
  demo: boolean('demo').notNull().default(false),
});

/**
 * A cart for one delivery date, owned by an anonymous session or by a customer (one each). A
 * customer's cart follows them from device to device; an anonymous one follows its visitor's login.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    // Set null, not cascade: an expired cart must still release its stock (the sweep finds it).
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    cutlery: integer('cutlery').notNull().default(0),
    toteBags: integer('tote_bags').notNull().default(0),
    depositsReturned: integer('deposits_returned').notNull().default(0),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    /** A customer's sponsor code used as a promo code (first order only). */
    sponsorCustomerId: integer('sponsor_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Since when the cart holds portions: an anonymous cart's hold cannot be extended forever. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counts the cart's changes: a pre-order made at one version is refused once the cart moved on. */
    version: integer('version').notNull().default(0),
    /** A guest's cart: the address it was made from, whose guests together hold a bounded number of portions. */
    clientAddress: text('client_address'),
  },
  (t) => [
    uniqueIndex('carts_session_uq').on(t.sessionId),
    index('carts_guest_address_idx').on(t.clientAddress).where(sql`${t.customerId} is null`),
    uniqueIndex('carts_customer_uq').on(t.customerId),
    index('carts_expires_idx').on(t.expiresAt),
  ],
);

/** Formulas' composition: category id → dish id (required), category id → dish ids (extras). */
export type Composition = { sub_products: Record<string, number>; additional_products: Record<string, number[]> };

/** A cart line: a dish, or a formula with its composition. Its dishes' portions are reserved. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** 'product-12' or 'menu-3-<hash of the composition>': the same choice twice is one line. */
    uniqueId: text('unique_id').notNull(),
    productId: integer('product_id').references(() => products.id),
    menuId: integer('menu_id').references(() => menus.id),
    composition: jsonb('composition').$type<Composition | null>(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_lines_cart_unique_uq').on(t.cartId, t.uniqueId)],
);

/**
 * Placed orders. Amounts are what the customer was charged, frozen at placement: `amount_total`
 * includes VAT and the deposit, `vat` is the VAT inside it, the deposit is outside the VAT base.
 */
export type PaymentMeansKind = 'card' | 'edenred' | 'pool' | 'paper_vouchers';
export interface PaymentMean {
  means: PaymentMeansKind;
  amountCents: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** 1 paid, 2 delivered (both read by their delivery window), 3 cancelled, 4 refunded. */
    status: integer('status').notNull().default(1),
    /** Continuous per year: F2026-000001, given when the order is placed. */
    invoiceNumber: text('invoice_number').unique(),
    amountTotalCents: integer('amount_total_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** depositCents in its two parts, shown apart on the invoice: containers taken, containers given back (cents, ≥ 0). */
    depositChargedCents: integer('deposit_charged_cents').notNull().default(0),
    depositRefundedCents: integer('deposit_refunded_cents').notNull().default(0),
    /** The delivery as it was when ordered (the slot row may be purged later). */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliveryStart: time('delivery_start'),
    deliveryEnd: time('delivery_end'),
    deliveryName: text('delivery_name'),
    /** A company site: its slot is said "avant {start}" (src/shared/time.ts slotTime). */
    deliveryPrivate: boolean('delivery_private').notNull().default(false),
    /** The pre-order it was placed from: unique, so a replayed payment never places it twice. */
    preOrderId: integer('pre_order_id'),
    /** Paper vouchers declared to pay it, handed to the courier; the excess over the order goes to the pool once the staff confirms. */
    paperVouchersCents: integer('paper_vouchers_cents').notNull().default(0),
    paperVouchersExcessCents: integer('paper_vouchers_excess_cents').notNull().default(0),
    paperVouchersConfirmedAt: timestamp('paper_vouchers_confirmed_at', { withTimezone: true }),
    /** The paper vouchers the courier received, by issuer (set when the round closes). */
    paperVouchersReceived: jsonb('paper_vouchers_received').$type<ReceivedVoucherRow[]>(),
    /** Containers the courier took back (set when the round closes; declared ones are in the pre-order). */
    containersReceived: integer('containers_received'),
    // What is still to pay after delivery is the order's account in the ledger (its balance).
    /** How it was paid, as placed: [{means, amountCents}] (card, edenred, pool, paper_vouchers). */
    paymentMeans: jsonb('payment_means').$type<PaymentMean[]>().notNull().default(sql`'[]'::jsonb`),
    /** The promo or sponsor code that gave its discount. */
    discountCode: text('discount_code'),
    /** Where the order stands, its last event (order_events): placed until the team says more. */
    state: text('state').$type<OrderState>().notNull().default('placed'),
    createdAt: createdAt(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId), uniqueIndex('orders_pre_order_uq').on(t.preOrderId), index('orders_delivery_date_idx').on(t.deliveryDate)],
);

/** Card payments started for a pre-order: one row per PayGreen payment order (po_…). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    preOrderId: integer('pre_order_id')
      .notNull()
      .references(() => preOrders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's last known status (pending, successed, refused…). */
    status: text('status').notNull(),
    /** The last state the customer was mailed about (pending, refused, refunded): each is mailed once. */
    notifiedStatus: text('notified_status'),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerId),
    // One card payment under way per customer: a second attempt waits for it or cancels it first.
    uniqueIndex('payments_live_card_uq')
      .on(t.customerId)
      .where(sql`${t.provider} = 'paygreen' and ${t.status} in ('starting', 'pending', 'authorized') and ${t.orderId} is null`),
  ],
);

/** The PayGreen emulator's payment orders (sandbox only), kept in the database like everything else. */
export const sandboxPaygreenOrders = pgTable('sandbox_paygreen_orders', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reference: text('reference').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url'),
  notificationUrl: text('notification_url'),
  buyer: jsonb('buyer').$type<Record<string, unknown>>(),
  /** `eligible_amounts.food`: the most a meal-voucher card may pay of it (none: any card pays it all). */
  eligibleFood: integer('eligible_food'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A line of a pre-order's snapshot of the cart: what will be ordered and at which price. */
export interface SnapshotLine {
  type: 'menu' | 'product' | 'cutlery' | 'tote_bag';
  id: number | null;
  name: string;
  unitPriceCents: number;
  quantity: number;
  vatRateBp: number;
  /** A formula's dishes: category name, extra price (0 when included). */
  children: { id: number; name: string; category: string; unitPriceCents: number; vatRateBp: number }[];
}

/**
 * A validated cart waiting for its payment (docs/product/payments.md), with a snapshot of what it
 * orders. A customer's open one is their latest without an order; it is placed at most once.
 */
export const preOrders = pgTable(
  'pre_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<SnapshotLine[]>().notNull(),
    finalCents: integer('final_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    discountId: integer('discount_id'),
    sponsorCustomerId: integer('sponsor_customer_id'),
    depositsAdded: integer('deposits_added').notNull().default(0),
    depositsReturned: integer('deposits_returned').notNull().default(0),
    poolCents: integer('pool_cents').notNull().default(0),
    lunchVouchers: jsonb('lunch_vouchers').$type<{ quantity: number; amount: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The cart's version when validated (schema carts.version). */
    cartVersion: integer('cart_version'),
    edenredPayment: jsonb('edenred_payment').$type<{ unit_amount: number; authorization_id: string } | null>(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('pre_orders_customer_idx').on(t.customerId)],
);

/** An order's lines: dishes and formulas, a formula's dishes as children (price 0 unless extra). */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    /** 'menu' | 'product' | 'cutlery' | 'tote_bag' */
    buyableType: text('buyable_type').notNull(),
    buyableId: integer('buyable_id'),
    name: text('name').notNull(),
    /** The category a formula's dish was chosen in ('Plat', 'Petits plus'). */
    categoryName: text('category_name'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** VAT in basis points (1000 = 10 %). */
    vatRateBp: integer('vat_rate_bp').notNull(),
  },
  (t) => [index('order_products_order_idx').on(t.orderId)],
);

/** Invoice numbers: one continuous counter per year, taken with an UPDATE … RETURNING. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Single-use password reset tokens (the hash; the mail holds the token), valid 60 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * Mail to send, written in the same transaction as what triggers it; the sender delivers each once
 * (claims it, sends, marks it sent) and retries failures with a growing delay.
 */
/** A file on disk (`path`: contact uploads) or the bytes themselves in base64 (`contentBase64`: an invoice). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  path?: string;
  contentBase64?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Attachments stored with the mail (contact form files): [{filename, contentType, path}]. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sender holds it; a claim older than a few minutes is considered lost. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The mail holds a secret link (a team invitation, a password reset): the purge deletes it an
     * hour after it is sent, or once its link has expired (server/lib/purge.ts).
     */
    secretUntil: timestamp('secret_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt), index('mail_outbox_secret_idx').on(t.secretUntil).where(sql`${t.secretUntil} is not null`)],
);

/**
 * What the database has served (one row): the demo (public accounts, simulated payments) or the
 * real shop. A production start refuses a database that ran the demo until the demo's rows are
 * removed (`npm run db:forget-demo`), and a demo start refuses one that served production
 * (server/db/database-mode.ts).
 */
export const databaseMode = pgTable(
  'database_mode',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode').$type<'demo' | 'production'>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** When the demo's rows were removed, making it production's. */
    demoForgottenAt: timestamp('demo_forgotten_at', { withTimezone: true }),
  },
  (t) => [check('database_mode_one_row', sql`${t.id} = 1`), check('database_mode_mode', sql`${t.mode} in ('demo', 'production')`)],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  source: text('source').notNull().default('site'),
});

/** Fixed-window rate-limit counters, shared by every server instance through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Failed logins, per address and e-mail and per e-mail alone: each failure past a threshold doubles
 * the wait before the next attempt (server/lib/login-throttle.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_last_idx').on(t.lastFailedAt)],
);

/**
 * A customer's link to Edenred (isConnectedToEdenred): the provider's username for the balance and
 * the OpenID Connect tokens, encrypted at rest (server/lib/secret-box.ts), refreshed when expired.
 */
export const edenredAccounts = pgTable('edenred_accounts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Edenred logins under way: the state (hashed), its nonce and PKCE verifier, bound to a session; used once. */
export const edenredLogins = pgTable('edenred_logins', {
  stateHash: text('state_hash').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The Edenred emulator's accounts (sandbox only): demo users and their meal-voucher balance. */
export const sandboxEdenredAccounts = pgTable('sandbox_edenred_accounts', {
  username: text('username').primaryKey(),
  password: text('password').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  balanceCents: integer('balance_cents').notNull(),
});

/** The emulator's SSO grants: authorization codes ('code', single use) and login sessions ('session', revoked at endsession). */
export const sandboxEdenredGrants = pgTable('sandbox_edenred_grants', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  username: text('username').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri'),
  codeChallenge: text('code_challenge'),
  nonce: text('nonce'),
  scope: text('scope'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** A code once exchanged, a session once ended. */
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The emulator's Direct Payment transactions (authorization_id = id), with the day for the 25 € daily cap. */
export const sandboxEdenredTransactions = pgTable(
  'sandbox_edenred_transactions',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    mid: text('mid').notNull(),
    orderRef: text('order_ref').notNull(),
    amount: integer('amount').notNull(),
    capturedAmount: integer('captured_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** 'authorized' | 'captured' | 'cancelled' | 'refunded' */
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_edenred_transactions_ref_uq').on(t.mid, t.orderRef), index('sandbox_edenred_transactions_user_day_idx').on(t.username, t.day)],
);

/** The emulator's widget sessions: one payment of `amount` through the widget script. */
export const sandboxEdenredWidgetSessions = pgTable('sandbox_edenred_widget_sessions', {
  id: text('id').primaryKey(),
  mid: text('mid').notNull(),
  orderRef: text('order_ref').notNull(),
  amount: integer('amount').notNull(),
  /** 'open' | 'pending' | 'succeeded' | 'failed' */
  status: text('status').notNull(),
  username: text('username'),
  authorizationId: text('authorization_id'),
  errorText: text('error_text'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A contact form message (contactPage, apply, userAccount), stored before its mails are queued.
 * submission_id is the client's key for one submission: a retried upload is stored once.
 */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  submissionId: text('submission_id').unique(),
  /** 'contactPage' | 'apply' | 'userAccount' */
  mode: text('mode').notNull(),
  /** A key of contact_types and its label when sent (types can be renamed later). */
  requestType: text('request_type'),
  requestTypeLabel: text('request_type_label'),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  recall: boolean('recall').notNull().default(true),
  message: text('message').notNull(),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A file sent with a contact message, kept under DATA_DIR (storage_path is relative to it). */
export const contactAttachments = pgTable(
  'contact_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The sender's file name, cleaned, with the extension of the type its content showed. */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storagePath: text('storage_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_attachments_message_idx').on(t.messageId)],
);

/** A company's request for a private delivery point (the /entreprises form). */
export const companyRequests = pgTable('company_requests', {
  id: serial('id').primaryKey(),
  submissionId: text('submission_id').unique(),
  company: text('company').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  headcount: integer('headcount').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * What a change answered, under the key its client sent (Idempotency-Key): the same request sent
 * again (an answer lost on the way, a browser's own retry) gets that answer back and changes
 * nothing twice. Kept a day (server/plugins/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: the session's id. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The request it was first used for (method, route, body): the same key on another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is under way. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/* ------------------------------------------------------------------ the team (Popote Équipe) */

/** What a team member may do: everything; the kitchen's sheet, stock and catalog; their rounds. */
export type StaffRole = 'admin' | 'cuisine' | 'livreur';

/** The team's own accounts, never customers: a person may hold several roles. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Null until the member sets a password through their one-time link. */
    passwordHash: text('password_hash'),
    roles: jsonb('roles').$type<StaffRole[]>().notNull().default(sql`'[]'::jsonb`),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The demo seed's accounts: they log in only where demo data is allowed, with their password alone. */
    demo: boolean('demo').notNull().default(false),
    /**
     * The member's TOTP secret (RFC 6238, base32), sealed with TOKEN_ENCRYPTION_KEY
     * (server/lib/secret-box.ts): a leaked table or backup gives no one the codes. Null until
     * enrolled; an admin's second factor (server/modules/staff/second-factor.service.ts).
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is never accepted twice, nor an older one after it. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_uq').on(t.email)],
);

/** A member's recovery codes (in place of a TOTP code, each once), their SHA-256 only: shown once at enrolment. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId), uniqueIndex('staff_recovery_codes_hash_uq').on(t.codeHash)],
);

/** Where a team session stands: signed in, or after the password and before the second factor (its code, or its enrolment). */
export type StaffSessionStage = 'full' | 'totp' | 'enrol';

/** A team member's session: the cookie holds a token whose hash is the id; 12 hours. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** 'full', or a pending session that opens nothing but the second factor's step (a few minutes). */
    stage: text('stage').$type<StaffSessionStage>().notNull().default('full'),
    /** The TOTP secret being enrolled in this pending session, sealed; it becomes the member's once a code confirms it. */
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** One-time links that let a member set their password (invitation, or a new one asked by an admin). */
export const staffPasswordTokens = pgTable('staff_password_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every staff action that changes state, appended and never changed: who (kept as written then,
 * should the account change), when (the server's time, and the phone's when it came from one),
 * what, on which order, customer or product, the amount, and the request that did it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    deviceAt: timestamp('device_at', { withTimezone: true }),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    orderId: integer('order_id'),
    customerId: integer('customer_id'),
    productId: integer('product_id'),
    amountCents: integer('amount_cents'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_order_idx').on(t.orderId)],
);

/**
 * The audit trail's hash chain (docs/operations.md, "The audit trail"): one link per audit line, in
 * the order their transactions committed, written by the database itself as the line's transaction
 * commits (a deferred trigger, migration `audit_chain`), never by the server's code, so no way of
 * writing a line escapes it. `sealed` is the line's canonical text as it was written;
 * `hash` = SHA-256 of `prev_hash`, a line feed and `sealed`. `npm run audit:verify` replays it.
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    /** The link's place in the chain, from 1, without gaps. */
    seq: integer('seq').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => auditLog.id),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    sealed: text('sealed').notNull(),
  },
  (t) => [uniqueIndex('audit_chain_entry_uq').on(t.entryId)],
);

/** The chain's last link, one row: locked while a link is added, so links are added one at a time, across every server. */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: integer('id').primaryKey().default(1),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_head_single_row', sql`${t.id} = 1`)],
);

/** An order's life as events: placed → prepared → out → delivered, or absent, cancelled, refunded; who and when. */
export type OrderState = 'placed' | 'prepared' | 'out' | 'delivered' | 'absent' | 'cancelled' | 'refunded';
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').$type<OrderState>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id'),
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/** The credit notes' own counter per year: A2026-000001, continuous, apart from the invoices'. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Credit notes (avoirs): their own continuous series per year, A2026-000001, each referencing its invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** Whether it cancels the whole order (its lines) or refunds an amount of it. */
    kind: text('kind').$type<'cancellation' | 'refund'>().notNull(),
    /** A refund of items: which of the order's lines (a formula's or a dish's own), how many; its VAT is theirs. */
    lines: jsonb('lines').$type<{ orderProductId: number; quantity: number }[]>(),
    staffId: integer('staff_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_notes_number_uq').on(t.number), index('credit_notes_order_idx').on(t.orderId)],
);

/**
 * Money given back, one row per means: paid back where it came from (card through PayGreen,
 * Edenred, the pool, declared paper vouchers dropped). A provider refund that fails stays
 * `pending` and is tried again; nothing is `done` that was not; the provider is asked by one
 * server at a time (the row is claimed first).
 */
export type RefundMeans = 'card' | 'edenred' | 'pool' | 'paper_vouchers';
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    means: text('means').$type<RefundMeans>().notNull(),
    /** The provider payment it gives back (card or Edenred). */
    paymentId: integer('payment_id'),
    amountCents: integer('amount_cents').notNull(),
    /** pending → processing (claimed: one server asks the provider) → done, or back to pending. */
    status: text('status').$type<'pending' | 'processing' | 'done'>().notNull(),
    /** When a server claimed it to ask the provider; a claim older than a few minutes died with its server. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), index('refunds_pending_idx').on(t.status)],
);

/**
 * The order of a tour's stops (its delivery points), set by an admin in Popote Équipe: the round
 * sheets, the bag labels (loaded last stop first) and the courier's round follow it. A point
 * without a row comes after those with one, by the point's own position.
 */
export const tourStops = pgTable(
  'tour_stops',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    deliveryLocationId: integer('delivery_location_id')
      .notNull()
      .references(() => deliveryLocations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.deliveryLocationId] })],
);

/**
 * The courier who usually does a tour on a weekday (1 Monday … 7 Sunday, ISO): every round of that
 * tour on that weekday is theirs unless an admin named another for that one day (`rounds.courier_set`).
 */
export const tourCouriers = pgTable(
  'tour_couriers',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.weekday] }), check('tour_couriers_weekday_ck', sql`${t.weekday} between 1 and 7`)],
);

/** When each team member last printed a day's kitchen sheet: what changed since shows as such. */
export const kitchenSheetPrints = pgTable(
  'kitchen_sheet_prints',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.date] })],
);

/**
 * A tour's round on a date, as the courier drives it: created when first read, closed once by the
 * courier or an admin (docs/product/team.md). Its events say what happened at each stop.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    /**
     * The round's courier named for this day by an admin (`courier_set`; null with it: nobody that
     * day). Without `courier_set` the tour's usual courier of that weekday is the round's
     * (`tour_couriers`); the closing writes down whoever it was, so a later change of the usual
     * courier leaves a closed round as it was.
     */
    courierId: integer('courier_id').references(() => staff.id, { onDelete: 'set null' }),
    courierSet: boolean('courier_set').notNull().default(false),
  },
  (t) => [uniqueIndex('rounds_tour_date_uq').on(t.tourId, t.date)],
);

/**
 * What a courier's phone recorded at a stop, applied once: the id is the phone's own UUID, so an
 * event sent again (an answer lost) is found and not applied twice. `device_at` is the phone's
 * clock, `received_at` the server's; an undo is an event too, naming the one it cancels.
 */
export const roundEvents = pgTable(
  'round_events',
  {
    id: uuid('id').primaryKey(),
    /** The order they arrived in (several share a request's time). */
    seq: serial('seq').notNull(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').$type<RoundEventType>().notNull(),
    payload: jsonb('payload').$type<RoundEventPayload>().notNull().default(sql`'{}'::jsonb`),
    deviceAt: timestamp('device_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email'),
    /** Recorded by an admin acting on a round that is not theirs: no courier may undo it. */
    byAdmin: boolean('by_admin').notNull().default(false),
  },
  (t) => [index('round_events_round_idx').on(t.roundId), index('round_events_order_idx').on(t.orderId)],
);

/**
 * A closed day (docs/product/closing.md): its figures as they stood when an admin closed it,
 * frozen; what happens later (a refund, vouchers received) lands on the day it happens.
 */
export const dayClosings = pgTable('day_closings', {
  date: date('date', { mode: 'string' }).primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  closedBy: text('closed_by'),
  figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
});

/**
 * A batch of paper meal vouchers sent to their issuer for payment (docs/product/closing.md):
 * prepared from the vouchers the couriers received, marked sent, then paid with what the issuer
 * actually paid (its commission taken).
 */
export const voucherRemittances = pgTable('voucher_remittances', {
  id: serial('id').primaryKey(),
  issuer: text('issuer').$type<VoucherIssuer>().notNull(),
  count: integer('count').notNull(),
  totalCents: integer('total_cents').notNull(),
  /** The last day to present them: the end of February after the oldest voucher's year. */
  deadline: date('deadline', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paidCents: integer('paid_cents'),
});

/** Which order's vouchers of an issuer a batch holds: each order's vouchers of an issuer go in one batch. */
export const voucherRemittanceItems = pgTable(
  'voucher_remittance_items',
  {
    remittanceId: integer('remittance_id')
      .notNull()
      .references(() => voucherRemittances.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    issuer: text('issuer').$type<VoucherIssuer>().notNull(),
    count: integer('count').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [uniqueIndex('voucher_remittance_items_order_issuer_uq').on(t.orderId, t.issuer)],
);

/* ------------------------------------------------------------------ the ledger (docs/architecture.md#money-one-ledger) */

/** What an account counts: euros (in cents) or deposit containers. A transfer moves one unit. */
export type LedgerUnit = 'eur' | 'containers';
/** A customer's pool and containers, an order's receivable, or one of the shop's own accounts. */
export type LedgerAccountKind = 'pool' | 'containers' | 'order' | 'shop';
/**
 * The limits the database holds an account to, as TigerBeetle names them: a pool never spends more
 * than was credited to it (pending spending included), containers are never returned beyond those
 * held (pending returns included).
 */
export type LedgerFlag = 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits';

/**
 * The ledger's accounts, made when first used and never changed. `code` names one for good
 * (`customer:42:pool`, `order:17`, `shop:card`); there is no balance column: a balance is the sum
 * of the account's transfers (ledger.repo.ts), so no code can write one.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    unit: text('unit').$type<LedgerUnit>().notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    flag: text('flag').$type<LedgerFlag>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_accounts_code_uq').on(t.code), uniqueIndex('ledger_accounts_id_unit_uq').on(t.id, t.unit), index('ledger_accounts_customer_idx').on(t.customerId)],
);

/**
 * How a transfer stands (TigerBeetle's two-phase transfers): `posted` at once; `pending` holds its
 * amount until a `post` (up to it: the rest is released) or a `void` names it, once.
 */
export type LedgerTransferKind = 'posted' | 'pending' | 'post' | 'void';
/** Why money or containers moved: the document or event it belongs to. */
export type LedgerCause = 'opening' | 'order' | 'credit_note' | 'refund' | 'round' | 'confirmation' | 'review' | 'settlement' | 'remittance' | 'correction';

/**
 * Every movement of a customer's money and containers, one debit account, one credit account, one
 * amount: each transfer balances by its shape. Appended in the same transaction as its cause, never
 * updated nor deleted (triggers); a correction is a new transfer. Limits, pending amounts and units
 * are checked by the database as each is inserted (migration 0025).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: serial('id').primaryKey(),
    debitAccountId: integer('debit_account_id').notNull(),
    creditAccountId: integer('credit_account_id').notNull(),
    unit: text('unit').$type<LedgerUnit>().notNull(),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<LedgerTransferKind>().notNull(),
    /** The pending transfer a `post` or `void` resolves. */
    pendingId: integer('pending_id'),
    cause: text('cause').$type<LedgerCause>().notNull(),
    /** What it is, for its French label and the checks: 'sale', 'pool_payment', 'vouchers_received'… */
    code: text('code').notNull(),
    orderId: integer('order_id'),
    paymentId: integer('payment_id'),
    refundId: integer('refund_id'),
    creditNoteId: integer('credit_note_id'),
    roundId: integer('round_id'),
    remittanceId: integer('remittance_id'),
    /** Held for an admin's review (four eyes): what a courier received beyond what was declared. */
    review: boolean('review').notNull().default(false),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email'),
    note: text('note'),
    /** Facts of the movement a check needs (a voucher's issuer rows…). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    index('ledger_transfers_order_idx').on(t.orderId),
    index('ledger_transfers_at_idx').on(t.at),
    uniqueIndex('ledger_transfers_pending_uq').on(t.pendingId),
    // Both sides count the transfer's unit: euros never land in a containers account.
    foreignKey({ name: 'ledger_transfers_debit_fk', columns: [t.debitAccountId, t.unit], foreignColumns: [ledgerAccounts.id, ledgerAccounts.unit] }),
    foreignKey({ name: 'ledger_transfers_credit_fk', columns: [t.creditAccountId, t.unit], foreignColumns: [ledgerAccounts.id, ledgerAccounts.unit] }),
    foreignKey({ name: 'ledger_transfers_pending_fk', columns: [t.pendingId], foreignColumns: [t.id] }),
    check('ledger_transfers_amount_ck', sql`${t.amount} > 0`),
    check('ledger_transfers_sides_ck', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_kind_ck', sql`${t.kind} in ('posted', 'pending', 'post', 'void') and ((${t.kind} in ('post', 'void')) = (${t.pendingId} is not null))`),
  ],
);

/**
 * Where the ledger starts: a database that held orders before it carries their balances over as
 * `opening` transfers (migration 0025), and the check compares the ledger with the documents made
 * after it only (ids above these).
 */
export const ledgerOpening = pgTable('ledger_opening', {
  at: timestamp('at', { withTimezone: true }).primaryKey(),
  ordersBefore: integer('orders_before').notNull(),
  creditNotesBefore: integer('credit_notes_before').notNull(),
});

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()): never wraps around. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * News for the open pages (server/modules/events/): written by triggers (migration 0031) in the
 * transaction of the change they tell (a dish selling out, an order's state, a round closed),
 * whoever made it, and read by every server in the order their transactions ended. `txid` is that
 * transaction's id, the position a reconnecting page asks from. Kept two days.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** stock (a dish's sold out, public), order (its customer's and the team's), round (the team's). */
    kind: text('kind').$type<'stock' | 'catalog' | 'order' | 'round' | 'arrival'>().notNull(),
    /** The delivery day it is news of. */
    date: date('date', { mode: 'string' }),
    /** The customer it is news for (an order's), null for everyone. */
    customerId: integer('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('events_txid_idx').on(t.txid), index('events_at_idx').on(t.at)],
);

/**
 * The demo's VAPID key pair (RFC 8292), made once at the first start and kept (one row), so the
 * browsers' subscriptions survive a restart. Production takes its keys from the environment
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) and never reads this table.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A browser's push subscription (docs/product/notifications.md): the push service's address and the
 * keys that encrypt for it (RFC 8291), for one customer. Removed when the customer turns notices
 * off, or when the push service answers 404/410 (the browser dropped it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_customer_idx').on(t.customerId)],
);

/** What a push says, as the service worker shows it (sw/sw.ts). */
export interface PushMessage {
  title: string;
  body: string;
  /** One per order: a newer notice replaces an older one on the lock screen. */
  tag: string;
  /** The page a tap opens. */
  url: string;
}

/**
 * Pushes to send, queued in the transaction of their cause and sent in the background
 * (server/modules/push/push-sender.ts): claimed with SKIP LOCKED (two servers push once), retried a
 * few times with a growing delay, deleted once sent or given up (what was said is not kept).
 * `expires_at`: past it the news is stale and is never sent.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    message: jsonb('message').$type<PushMessage>().notNull(),
    /** Seconds the push service keeps it for an offline phone (RFC 8030 TTL). */
    ttl: integer('ttl').notNull(),
    urgency: text('urgency').$type<'very-low' | 'low' | 'normal' | 'high'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt)],
);

/**
 * The courier's "Arrivé" at a stop of a round (docs/product/notifications.md): once per stop and
 * round; the id is the phone's, so an event sent again is found. No position: the stop and a time.
 */
export const roundArrivals = pgTable(
  'round_arrivals',
  {
    id: uuid('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    deliveryLocationId: integer('delivery_location_id')
      .notNull()
      .references(() => deliveryLocations.id, { onDelete: 'cascade' }),
    deviceAt: timestamp('device_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id'),
  },
  (t) => [uniqueIndex('round_arrivals_stop_uq').on(t.roundId, t.deliveryLocationId)],
);

/**
 * A late notice queued for an order at its stop (docs/product/notifications.md, "Late"): the
 * stop's window started and the tricycle had not arrived. Once per order and stop: written in the
 * transaction that queues the push, with ON CONFLICT DO NOTHING, so two servers checking at the
 * same moment tell once. What the notice said (the estimate) is not kept.
 */
export const lateNotices = pgTable(
  'late_notices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    toldAt: timestamp('told_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.deliveryId] })],
);

/** Emulated push service of the sandbox (/__sandbox/push/{box}): what each box received. */
export const sandboxPushMessages = pgTable('sandbox_push_messages', {
  id: serial('id').primaryKey(),
  box: text('box').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull(),
  bodyBase64: text('body_base64').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sandbox push box told to refuse (404 or 410), as a push service does once a browser dropped the subscription. */
export const sandboxPushRefusals = pgTable('sandbox_push_refusals', {
  box: text('box').primaryKey(),
  status: integer('status').notNull(),
});
