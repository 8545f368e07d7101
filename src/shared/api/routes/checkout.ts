import { route } from '../route-table';

/** The order and its card payment (server/modules/checkout): the pre-order, vouchers, the pool, PayGreen. */
export const CHECKOUT = {
  postCartValidate: route({ method: 'POST', path: '/api/cart/validate', summary: 'Turn the cart into a pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postCartOrder: route({ method: 'POST', path: '/api/cart/order', summary: 'Order a free cart at once', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
  postPendingOrder: route({ method: 'POST', path: '/api/pending-order', summary: 'The open pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postPendingOrderLunchVouchers: route({ method: 'POST', path: '/api/pending-order/lunch-vouchers', summary: 'Declare paper meal vouchers', schemas: () => import('../checkout').then((m) => ({ body: m.lunchVouchersBodySchema, answer: m.preOrderSchema })) }),
  postPendingOrderPool: route({ method: 'POST', path: '/api/pending-order/pool', summary: 'Apply the pool to the pre-order', schemas: () => import('../checkout').then((m) => ({ answer: m.preOrderSchema })) }),
  postPayment: route({ method: 'POST', path: '/api/payment', summary: 'Place the order when nothing is left to pay', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
  postPaymentPaygreen: route({ method: 'POST', path: '/api/payment/paygreen', summary: 'Start a card payment (PayGreen hosted page)', schemas: () => import('../checkout').then((m) => ({ answer: m.cardPaymentStartSchema })) }),
  postPaymentPaygreenCancel: route({ method: 'POST', path: '/api/payment/paygreen/cancel', summary: 'Give up the card payment under way (cancelled at PayGreen)', schemas: () => import('../checkout').then((m) => ({ answer: m.cardCancelAnswerSchema })) }),
  getPaymentPaygreenReturn: route({ method: 'GET', path: '/api/payment/paygreen/return', summary: 'Where PayGreen sends the buyer back' }),
  postPaymentPaygreenNotification: route({ method: 'POST', path: '/api/payment/paygreen/notification', summary: 'PayGreen’s payment notification', schemas: () => import('../checkout').then((m) => ({ answer: m.cardNotificationAnswerSchema })) }),
  getPaymentPaygreenByIdOrder: route({ method: 'GET', path: '/api/payment/paygreen/:id/order', summary: 'The order a card payment placed (back=1: the buyer is just back from the hosted page)', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
};
