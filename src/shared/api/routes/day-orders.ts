import { route } from '../route-table';

/** The team's day of orders (server/modules/day-orders): the board, cancelling, refunding. */
export const DAY_ORDERS = {
  getStaffOrders: route({ method: 'GET', path: '/api/staff/orders', summary: 'Team: the orders to deliver on a date', schemas: () => import('../staff').then((m) => ({ query: m.staffDateQuerySchema, answer: m.staffOrdersSchema })) }),
  postStaffOrdersByIdCancel: route({ method: 'POST', path: '/api/staff/orders/:id/cancel', summary: 'Team: cancel an order and pay each means back', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, body: m.cancelBodySchema, answer: m.refundAnswerSchema })) }),
  postStaffOrdersByIdRefund: route({ method: 'POST', path: '/api/staff/orders/:id/refund', summary: 'Team: refund part of an order', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, body: m.refundBodySchema, answer: m.refundAnswerSchema })) }),
  postStaffOrdersByIdRefundsRetry: route({ method: 'POST', path: '/api/staff/orders/:id/refunds/retry', summary: 'Team: try a pending refund again now', schemas: () => import('../staff').then((m) => ({ params: m.staffIdParamsSchema, answer: m.staffOrderSchema })) }),
};
