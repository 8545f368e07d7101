import { route } from '../route-table';

/** The day's closing and the remittances of vouchers (server/modules/closing). */
export const CLOSING = {
  getStaffClosing: route({ method: 'GET', path: '/api/staff/closing', summary: 'Team: a day’s closing figures', schemas: () => import('../staff-closing').then((m) => ({ query: m.closingQuerySchema, answer: m.closingSchema })) }),
  getStaffClosingCsv: route({ method: 'GET', path: '/api/staff/closing.csv', summary: 'Team: the invoices and credit notes of a day or a period, as CSV', schemas: () => import('../staff-closing').then((m) => ({ query: m.closingCsvQuerySchema })) }),
  postStaffClosingByDateClose: route({ method: 'POST', path: '/api/staff/closing/:date/close', summary: 'Team: close a day: its figures frozen (confirm=undelivered while some of its deliveries are not done)', schemas: () => import('../staff-closing').then((m) => ({ params: m.closingParamsSchema, query: m.closeQuerySchema, answer: m.closingSchema })) }),
  getStaffRemittances: route({ method: 'GET', path: '/api/staff/remittances', summary: 'Team: paper vouchers waiting per issuer, and the batches', schemas: () => import('../staff-remittances').then((m) => ({ answer: m.remittancesSchema })) }),
  postStaffRemittances: route({ method: 'POST', path: '/api/staff/remittances', summary: 'Team: a batch of an issuer’s waiting paper vouchers', status: 201, schemas: () => import('../staff-remittances').then((m) => ({ body: m.newRemittanceBodySchema, answer: m.remittanceSchema })) }),
  getStaffRemittancesByIdSlipPdf: route({ method: 'GET', path: '/api/staff/remittances/:id/slip.pdf', summary: 'Team: a batch’s remittance slip, as a PDF', schemas: () => import('../staff-remittances').then((m) => ({ params: m.remittanceParamsSchema })) }),
  postStaffRemittancesByIdSent: route({ method: 'POST', path: '/api/staff/remittances/:id/sent', summary: 'Team: a batch sent to its issuer', schemas: () => import('../staff-remittances').then((m) => ({ params: m.remittanceParamsSchema, answer: m.remittanceSchema })) }),
  postStaffRemittancesByIdPaid: route({ method: 'POST', path: '/api/staff/remittances/:id/paid', summary: 'Team: a batch paid by its issuer, with the amount paid', schemas: () => import('../staff-remittances').then((m) => ({ params: m.remittanceParamsSchema, body: m.remittancePaidBodySchema, answer: m.remittanceSchema })) }),
};
