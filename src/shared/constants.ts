/** Business constants (docs/product/). Money in cents, time in ms. */
export const DEPOSIT_PER_MENU_CENTS = 400;
/** A sponsor code needs a basket of at least this much (items, before any discount and deposit). */
export const SPONSOR_MIN_BASKET_CENTS = 1500;
export const PASSWORD_MIN_LENGTH = 8;
export const SNACKBAR_LIFETIME_MS = 3100;
export const NEWSLETTER_MESSAGE_MS = 2000;
export const SIGNUP_MESSAGE_MS = 5000;
export const CONTACT_SUCCESS_MS = 2000;
export const CART_EXPIRY_WARNING_S = 120;
export const HOMEPAGE_PRODUCTS = 8;
export const PAGE_SIZE = 5;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PROGRESS_BAR = { durationMs: 5000, throttleMs: 200 } as const;
export const MAP = { zoom: 14, minZoom: 12, maxZoom: 22, proximityRadiusM: 5000, searchMinLength: 3, geocodingSuffix: 'Lyon, France' } as const;
/** The map style when VITE_MAP_STYLE_URL is unset: OpenFreeMap's keyless "liberty" (the page and the service worker). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const MIN_CARD_AMOUNT_CENTS = 50;
export const PAPER_VOUCHERS_MAX = 20;
/** A cart lives this long after its last change; its reserved portions are then released. */
export const CART_TTL_MS = 30 * 60 * 1000;
/** Sensible limits: the same article at most 20 times, at most 30 different articles. */
export const CART_LINE_MAX_QUANTITY = 20;
export const CART_MAX_LINES = 30;
/**
 * A visitor without an account holds at most this many articles and portions (a formula's dishes
 * each count), the guests of one address together at most GUEST_ADDRESS_MAX_PORTIONS, each for
 * GUEST_CART_TTL_MS after a change and at most ANONYMOUS_CART_MAX_HOLD_MS from the first article:
 * guest carts cannot take a day's stock out of sale. Logging in lifts all of them
 * (docs/product/cart.md says why these numbers).
 */
export const ANONYMOUS_CART_MAX_ITEMS = 10;
export const GUEST_CART_MAX_PORTIONS = 20;
export const GUEST_ADDRESS_MAX_PORTIONS = 24;
export const GUEST_CART_TTL_MS = 15 * 60 * 1000;
export const ANONYMOUS_CART_MAX_HOLD_MS = 30 * 60 * 1000;
/** Cutlery sets and tote bags are offered (1 per formula at most). */
export const CUTLERY_UNIT_PRICE_CENTS = 0;
export const TOTE_BAG_UNIT_PRICE_CENTS = 0;
