import { call } from '../../../lib/api-call';
import type { Cart } from '../../../shared/api/cart';
import type { FormattedMenu } from '../../../shared/api/catalog';
import { CART } from '../../../shared/api/routes/cart';
import { CARD_PAYMENT } from '../../../shared/api/routes/card-payment';
import { cartAction as run } from '../cart-store';
import type { CartActionKind } from '../cart-rules';

/** The cart calls (docs/api.md): each answers the whole cart, which replaces the mirror (its schema loads with the first change). */
/** The cart as the server holds it, read again after a change whose answer was lost. */
const readCart = (): Promise<Cart> => call(CART.getCart);
const cartAction = (key: string, kind: CartActionKind, change: () => Promise<Cart>) => run(key, kind, change, readCart);

export const addProduct = (id: number) => cartAction(`product-${id}`, 'product', () => call(CART.postCartProducts, { body: { id } }));
export const addMenu = (menu: FormattedMenu) => cartAction('menu', 'menu', () => call(CART.postCartMenus, { body: { menu } }));
export const increment = (uniqueId: string) => cartAction(`line-${uniqueId}`, 'product', () => call(CART.postCartIncrement, { body: { id: uniqueId } }));
export const decrement = (uniqueId: string) => cartAction(`line-${uniqueId}`, 'product', () => call(CART.postCartDecrement, { body: { id: uniqueId } }));
export const changeCutlery = (add: boolean) => cartAction('cutlery', 'cutlery', () => call(add ? CART.postCartCutlery : CART.deleteCartCutlery));
export const changeToteBags = (add: boolean) => cartAction('tote-bags', 'tote-bags', () => call(add ? CART.postCartToteBags : CART.deleteCartToteBags));
export const changeDeposits = (add: boolean) => cartAction('deposits', 'deposits', () => call(add ? CART.postCartDeposits : CART.deleteCartDeposits));
export const removeDiscount = () => cartAction('discount', 'discount', () => call(CART.deleteCartDiscounts));

export const applyDiscount = (code: string) => cartAction('discount', 'discount', () => call(CART.postCartDiscounts, { body: { code } }));

/** "Annuler le paiement": gives up the card payment under way so the basket can change again. */
export const cancelCardPayment = () => call(CARD_PAYMENT.postPaymentPaygreenCancel);
