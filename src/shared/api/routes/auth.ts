import { route } from '../route-table';

/** Logging in and out, signing up, a forgotten password (server/modules/auth). */
export const AUTH = {
  postRegister: route({ method: 'POST', path: '/api/register', summary: 'Sign up', status: 201, schemas: () => Promise.all([import('../auth'), import('../state')]).then(([m0, m1]) => ({ body: m0.registerBodySchema, answer: m1.customerSummarySchema })) }),
  postLogin: route({ method: 'POST', path: '/api/login', summary: 'Log in', schemas: () => Promise.all([import('../auth'), import('../state')]).then(([m0, m1]) => ({ body: m0.loginBodySchema, answer: m1.loginAnswerSchema })) }),
  postLogout: route({ method: 'POST', path: '/api/logout', summary: 'Log out', schemas: () => import('../auth').then((m) => ({ answer: m.messageSchema })) }),
  postAuthPasswordEmail: route({ method: 'POST', path: '/api/auth/password/email', summary: 'Send a password reset link', schemas: () => import('../auth').then((m) => ({ body: m.passwordEmailBodySchema, answer: m.messageSchema })) }),
  postAuthPasswordReset: route({ method: 'POST', path: '/api/auth/password/reset', summary: 'Set a new password with a reset link', schemas: () => import('../auth').then((m) => ({ body: m.passwordResetBodySchema, answer: m.messageSchema })) }),
};
