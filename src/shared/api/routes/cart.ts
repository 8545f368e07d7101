import { route } from '../route-table';

/** The cart (server/modules/cart): every call answers the whole cart. */
export const CART = {
  getCart: route({ method: 'GET', path: '/api/cart', summary: 'The session’s cart', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  postCartProducts: route({ method: 'POST', path: '/api/cart/products', summary: 'Add a dish to the cart', schemas: () => import('../cart').then((m) => ({ body: m.addProductBodySchema, answer: m.cartSchema })) }),
  postCartMenus: route({ method: 'POST', path: '/api/cart/menus', summary: 'Add a composed formula to the cart', schemas: () => import('../cart').then((m) => ({ body: m.addMenuBodySchema, answer: m.cartSchema })) }),
  postCartIncrement: route({ method: 'POST', path: '/api/cart/increment', summary: 'One more of a cart line', schemas: () => import('../cart').then((m) => ({ body: m.cartLineBodySchema, answer: m.cartSchema })) }),
  postCartDecrement: route({ method: 'POST', path: '/api/cart/decrement', summary: 'One less of a cart line', schemas: () => import('../cart').then((m) => ({ body: m.cartLineBodySchema, answer: m.cartSchema })) }),
  postCartCutlery: route({ method: 'POST', path: '/api/cart/cutlery', summary: 'Add a cutlery set', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  deleteCartCutlery: route({ method: 'DELETE', path: '/api/cart/cutlery', summary: 'Remove a cutlery set', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  postCartToteBags: route({ method: 'POST', path: '/api/cart/tote-bags', summary: 'Add a tote bag', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  deleteCartToteBags: route({ method: 'DELETE', path: '/api/cart/tote-bags', summary: 'Remove a tote bag', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  postCartDeposits: route({ method: 'POST', path: '/api/cart/deposits', summary: 'Return one more container', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  deleteCartDeposits: route({ method: 'DELETE', path: '/api/cart/deposits', summary: 'Return one container less', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
  postCartDiscounts: route({ method: 'POST', path: '/api/cart/discounts', summary: 'Apply a promo or sponsor code', schemas: () => import('../cart').then((m) => ({ body: m.discountBodySchema, answer: m.cartSchema })) }),
  deleteCartDiscounts: route({ method: 'DELETE', path: '/api/cart/discounts', summary: 'Remove the applied code', schemas: () => import('../cart').then((m) => ({ answer: m.cartSchema })) }),
};
