import { ACCOUNT } from './account';
import { AUTH } from './auth';
import { BALANCE_DUE } from './balance-due';
import { CARD_PAYMENT } from './card-payment';
import { CART } from './cart';
import { CATALOG } from './catalog';
import { CHECKOUT } from './checkout';
import { CLOSING } from './closing';
import { CONTACT } from './contact';
import { DAY_ORDERS } from './day-orders';
import { DELIVERY } from './delivery';
import { EDENRED } from './edenred';
import { EDENRED_PAYMENT } from './edenred-payment';
import { EVENTS } from './events';
import { HEALTH } from './health';
import { KITCHEN_SHEET } from './kitchen';
import { LEDGER } from './ledger';
import { NEWSLETTER } from './newsletter';
import { PLATFORM } from './platform';
import { PUSH } from './push';
import { ROUNDS } from './rounds';
import { SHOP } from './shop';
import { STAFF } from './staff';
import { STATE } from './state';
import { STOCK } from './stock';

/**
 * The whole table, by domain (one file each, named for the server module that serves it). The
 * client imports a domain's file, never this one: the shop's first screen would carry the team's
 * routes. Tests and tools read it whole.
 */
export const API_ROUTES = { ACCOUNT, AUTH, BALANCE_DUE, CARD_PAYMENT, CART, CATALOG, CHECKOUT, CLOSING, CONTACT, DAY_ORDERS, DELIVERY, EDENRED, EDENRED_PAYMENT, EVENTS, HEALTH, KITCHEN_SHEET, LEDGER, NEWSLETTER, PLATFORM, PUSH, ROUNDS, SHOP, STAFF, STATE, STOCK };
