import { route } from '../route-table';

/** The kitchen's sheet (server/modules/kitchen). */
export const KITCHEN_SHEET = {
  getStaffKitchenSheet: route({ method: 'GET', path: '/api/staff/kitchen-sheet', summary: 'Team: what to cook for a delivery date', schemas: () => import('../staff').then((m) => ({ query: m.staffDateQuerySchema, answer: m.kitchenSheetSchema })) }),
  getStaffKitchenSheetPdf: route({ method: 'GET', path: '/api/staff/kitchen-sheet.pdf', summary: 'Team: the production sheet as a PDF (A4)', schemas: () => import('../staff').then((m) => ({ query: m.staffDateQuerySchema })) }),
  postStaffKitchenSheetPrinted: route({ method: 'POST', path: '/api/staff/kitchen-sheet/printed', summary: 'Team: this member printed the day’s sheet (later changes show as such)', schemas: () => Promise.all([import('../auth'), import('../staff')]).then(([m0, m1]) => ({ body: m1.kitchenPrintBodySchema, answer: m0.messageSchema })) }),
};
