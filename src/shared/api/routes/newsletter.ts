import { route } from '../route-table';

/** The newsletter (server/modules/newsletter). */
export const NEWSLETTER = {
  postNewsletter: route({ method: 'POST', path: '/api/newsletter', summary: 'Subscribe to the newsletter', schemas: () => import('../newsletter').then((m) => ({ body: m.newsletterBodySchema, answer: m.newsletterResponseSchema })) }),
  deleteNewsletter: route({ method: 'DELETE', path: '/api/newsletter', summary: 'Unsubscribe from the newsletter', schemas: () => import('../newsletter').then((m) => ({ body: m.newsletterBodySchema, answer: m.newsletterResponseSchema })) }),
};
