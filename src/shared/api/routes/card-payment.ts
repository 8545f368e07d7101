import { route } from '../route-table';

/**
 * The card payment (server/modules/checkout/card.routes.ts): PayGreen's hosted page, its return and
 * notification, the order it placed. Apart from the pre-order's routes: the cart's button to give a
 * card payment up is on the first screen, and brings only these with it.
 */
export const CARD_PAYMENT = {
  postPaymentPaygreen: route({ method: 'POST', path: '/api/payment/paygreen', summary: 'Start a card payment (PayGreen hosted page)', schemas: () => import('../checkout').then((m) => ({ answer: m.cardPaymentStartSchema })) }),
  postPaymentPaygreenCancel: route({ method: 'POST', path: '/api/payment/paygreen/cancel', summary: 'Give up the card payment under way (cancelled at PayGreen)', schemas: () => import('../checkout').then((m) => ({ answer: m.cardCancelAnswerSchema })) }),
  getPaymentPaygreenReturn: route({ method: 'GET', path: '/api/payment/paygreen/return', summary: 'Where PayGreen sends the buyer back' }),
  postPaymentPaygreenNotification: route({ method: 'POST', path: '/api/payment/paygreen/notification', summary: 'PayGreen’s payment notification', schemas: () => import('../checkout').then((m) => ({ answer: m.cardNotificationAnswerSchema })) }),
  getPaymentPaygreenByIdOrder: route({ method: 'GET', path: '/api/payment/paygreen/:id/order', summary: 'The order a card payment placed (back=1: the buyer is just back from the hosted page)', schemas: () => import('../checkout').then((m) => ({ answer: m.validatedOrderSchema })) }),
};
