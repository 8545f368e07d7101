import { route } from '../route-table';

/** Paying with the Edenred balance or its widget (server/modules/checkout). */
export const EDENRED_PAYMENT = {
  postPaymentEdenredOnly: route({ method: 'POST', path: '/api/payment/edenred/only', summary: 'Pay the whole rest with the Edenred balance', schemas: () => Promise.all([import('../checkout'), import('../edenred')]).then(([m0, m1]) => ({ body: m1.edenredAmountBodySchema, answer: m0.validatedOrderSchema })) }),
  postPaymentEdenredPartly: route({ method: 'POST', path: '/api/payment/edenred/partly', summary: 'Hold part of the rest on the Edenred balance', schemas: () => import('../edenred').then((m) => ({ body: m.edenredAmountBodySchema, answer: m.partlyAnswerSchema })) }),
  postPaymentEdenredRefund: route({ method: 'POST', path: '/api/payment/edenred/refund', summary: 'Remove the Edenred payment', schemas: () => Promise.all([import('../checkout'), import('../edenred')]).then(([m0, m1]) => ({ body: m1.edenredRefundBodySchema, answer: m0.preOrderSchema })) }),
  postPaymentEdenredRefundByIdOrder: route({ method: 'POST', path: '/api/payment/edenred/refund/:id/order', summary: 'Give the Edenred part back after a refused card', schemas: () => import('../edenred').then((m) => ({ answer: m.refundForCardAnswerSchema })) }),
  postPaymentEdenredSession: route({ method: 'POST', path: '/api/payment/edenred/session', summary: 'Open an Edenred widget session', schemas: () => import('../edenred').then((m) => ({ answer: m.widgetSessionAnswerSchema })) }),
  postPaymentEdenredSessionClose: route({ method: 'POST', path: '/api/payment/edenred/session/close', summary: 'Close an unpaid Edenred widget session', schemas: () => Promise.all([import('../checkout'), import('../edenred')]).then(([m0, m1]) => ({ body: m1.widgetCloseBodySchema, answer: m0.preOrderSchema })) }),
  postPaymentEdenred: route({ method: 'POST', path: '/api/payment/edenred', summary: 'Register the Edenred widget’s payment', schemas: () => import('../edenred').then((m) => ({ body: m.widgetPaymentBodySchema, answer: m.widgetPaymentAnswerSchema })) }),
  getPaymentEdenredOrderDetails: route({ method: 'GET', path: '/api/payment/edenred/order-details', summary: 'Whether the widget payment placed the order', schemas: () => import('../edenred').then((m) => ({ query: m.orderDetailsQuerySchema, answer: m.orderDetailsSchema })) }),
};
