import { route } from '../route-table';

const decision = () => import('../staff-ledger').then((m) => ({ params: m.heldReceiptParamsSchema, body: m.decisionBodySchema, answer: m.decisionAnswerSchema }));

/** What the team sees of the money ledger (server/modules/ledger). */
export const LEDGER = {
  getStaffHeldReceipts: route({ method: 'GET', path: '/api/staff/held-receipts', summary: 'Team: what couriers received beyond the declarations, waiting for an admin', schemas: () => import('../staff-ledger').then((m) => ({ answer: m.heldReceiptsSchema })) }),
  postStaffOrdersByIdBalance: route({ method: 'POST', path: '/api/staff/orders/:id/balance', summary: 'Team: a balance due received later, in paper vouchers or cash', schemas: () => Promise.all([import('../staff'), import('../staff-ledger')]).then(([m0, m1]) => ({ params: m0.staffIdParamsSchema, body: m1.staffDueBodySchema, answer: m1.dueAnswerSchema })) }),
  postStaffHeldReceiptsByIdApprove: route({ method: 'POST', path: '/api/staff/held-receipts/:id/approve', summary: 'Team: credit a held receipt to the customer’s pool, with a note', schemas: decision }),
  postStaffHeldReceiptsByIdReject: route({ method: 'POST', path: '/api/staff/held-receipts/:id/reject', summary: 'Team: refuse a held receipt, with a note', schemas: decision }),
};
