import { route } from '../route-table';

/** The order (server/modules/checkout): the pre-order, the vouchers declared, the pool, the order placed. The card's are in card-payment.ts. */
export const CHECKOUT = {
  postCartValidate: route({ method: 'POST', path: '/api/cart/validate', summary: 'Turn the cart into a pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postCartOrder: route({ method: 'POST', path: '/api/cart/order', summary: 'Order a free cart at once', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
  postPendingOrder: route({ method: 'POST', path: '/api/pending-order', summary: 'The open pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postPendingOrderLunchVouchers: route({ method: 'POST', path: '/api/pending-order/lunch-vouchers', summary: 'Declare paper meal vouchers', schemas: () => import('../checkout').then((m) => ({ body: m.lunchVouchersBodySchema, answer: m.preOrderSchema })) }),
  postPendingOrderPool: route({ method: 'POST', path: '/api/pending-order/pool', summary: 'Apply the pool to the pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postPayment: route({ method: 'POST', path: '/api/payment', summary: 'Place the order when nothing is left to pay', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
};
