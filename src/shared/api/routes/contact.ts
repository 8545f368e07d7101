import { route } from '../route-table';

/** The contact and company forms (server/modules/contact). */
export const CONTACT = {
  postContact: route({ method: 'POST', path: '/api/contact', summary: 'Send the contact form (multipart, with files)', status: 201, schemas: () => import('../contact').then((m) => ({ answer: m.contactResponseSchema })) }),
  postLandingPageContact: route({ method: 'POST', path: '/api/landing-page/contact', summary: 'A company asks for a private delivery point', status: 201, schemas: () => import('../contact').then((m) => ({ body: m.landingContactBodySchema, answer: m.contactResponseSchema })) }),
};
