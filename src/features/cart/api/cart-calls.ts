import { api } from '../../../lib/api-client';
import type { Cart } from '../../../shared/api/cart';
import type { FormattedMenu } from '../../../shared/api/catalog';
import { cartAction as run } from '../cart-store';
import type { CartActionKind } from '../cart-rules';

/** The cart calls (docs/api.md): each answers the whole cart, which replaces the mirror. */
/** The cart's schema loads with the first change (no zod on the first screen). */
const cartSchema = () => import('../../../shared/api/cart').then((m) => m.cartSchema);
const call = (path: string, method: 'POST' | 'DELETE', body?: unknown) => (): Promise<Cart> => api(path, { method, body, schema: cartSchema });
/** The cart as the server holds it, read again after a change whose answer was lost. */
const readCart = (): Promise<Cart> => api('/api/cart', { schema: cartSchema });
const cartAction = (key: string, kind: CartActionKind, change: () => Promise<Cart>) => run(key, kind, change, readCart);

export const addProduct = (id: number) => cartAction(`product-${id}`, 'product', call('/api/cart/products', 'POST', { id }));
export const addMenu = (menu: FormattedMenu) => cartAction('menu', 'menu', call('/api/cart/menus', 'POST', { menu }));
export const increment = (uniqueId: string) => cartAction(`line-${uniqueId}`, 'product', call('/api/cart/increment', 'POST', { id: uniqueId }));
export const decrement = (uniqueId: string) => cartAction(`line-${uniqueId}`, 'product', call('/api/cart/decrement', 'POST', { id: uniqueId }));
export const changeCutlery = (add: boolean) => cartAction('cutlery', 'cutlery', call('/api/cart/cutlery', add ? 'POST' : 'DELETE'));
export const changeToteBags = (add: boolean) => cartAction('tote-bags', 'tote-bags', call('/api/cart/tote-bags', add ? 'POST' : 'DELETE'));
export const changeDeposits = (add: boolean) => cartAction('deposits', 'deposits', call('/api/cart/deposits', add ? 'POST' : 'DELETE'));
export const removeDiscount = () => cartAction('discount', 'discount', call('/api/cart/discounts', 'DELETE'));

export const applyDiscount = (code: string) => cartAction('discount', 'discount', call('/api/cart/discounts', 'POST', { code }));

/** "Annuler le paiement": gives up the card payment under way so the basket can change again. */
export const cancelCardPayment = () => api('/api/payment/paygreen/cancel', { method: 'POST' });
