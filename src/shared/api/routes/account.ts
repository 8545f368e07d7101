import { route } from '../route-table';

/** The customer's account (server/modules/account): profile, orders, invoices. */
export const ACCOUNT = {
  getMe: route({ method: 'GET', path: '/api/me', summary: 'The logged-in customer’s space', schemas: () => import('../auth').then((m) => ({ answer: m.userSchema })) }),
  getPdfsInvoicesById: route({ method: 'GET', path: '/api/pdfs/invoices/:id', summary: 'An invoice as a PDF' }),
};
