import { route } from '../route-table';

/** The team's stock of dishes (server/modules/stock). */
export const STOCK = {
  getStaffStock: route({ method: 'GET', path: '/api/staff/stock', summary: 'Team: the stock of a date', schemas: () => import('../staff').then((m) => ({ query: m.staffDateQuerySchema, answer: m.staffStockSchema })) }),
  putStaffStockByDateByProductId: route({ method: 'PUT', path: '/api/staff/stock/:date/:productId', summary: 'Team: set a dish’s cap, or mark it sold out and back', schemas: () => import('../staff').then((m) => ({ params: m.stockParamsSchema, body: m.stockBodySchema, answer: m.staffStockRowSchema })) }),
};
