import { route } from '../route-table';

/** A balance due on one of the customer's orders, settled from the pool or by card (server/modules/checkout). */
export const BALANCE_DUE = {
  postOrdersByIdBalance: route({ method: 'POST', path: '/api/orders/:id/balance', summary: 'Settle what is still due on one of my orders from my pool', schemas: () => Promise.all([import('../balance-due'), import('../staff-ledger')]).then(([m0, m1]) => ({ params: m0.dueParamsSchema, answer: m1.dueAnswerSchema })) }),
  postOrdersByIdBalanceCard: route({ method: 'POST', path: '/api/orders/:id/balance/card', summary: 'Pay what is still due on one of my orders by card (PayGreen hosted page)', schemas: () => Promise.all([import('../balance-due'), import('../checkout')]).then(([m0, m1]) => ({ params: m0.dueParamsSchema, body: m0.dueCardBodySchema, answer: m1.cardPaymentStartSchema })) }),
  getOrdersByIdBalanceCardByPo: route({ method: 'GET', path: '/api/orders/:id/balance/card/:po', summary: 'What a card payment of a balance due came to, asked of PayGreen', schemas: () => import('../balance-due').then((m) => ({ params: m.dueCardParamsSchema, answer: m.dueCardAnswerSchema })) }),
  postOrdersByIdBalanceCardByPoCancel: route({ method: 'POST', path: '/api/orders/:id/balance/card/:po/cancel', summary: 'Give up a card payment of a balance due (cancelled at PayGreen unless paid)', schemas: () => import('../balance-due').then((m) => ({ params: m.dueCardParamsSchema, answer: m.dueCardAnswerSchema })) }),
};
