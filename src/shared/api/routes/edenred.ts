import { route } from '../route-table';

/** The customer's Edenred account (server/modules/edenred): the link, its balance. */
export const EDENRED = {
  postEdenredOauthUrl: route({ method: 'POST', path: '/api/edenred/oauth-url', summary: 'Start linking an Edenred account', schemas: () => import('../edenred').then((m) => ({ answer: m.oauthUrlSchema })) }),
  getEdenredCallback: route({ method: 'GET', path: '/api/edenred/callback', summary: 'Where Edenred’s login sends the popup back' }),
  getEdenredBalance: route({ method: 'GET', path: '/api/edenred/balance', summary: 'The linked Edenred balance, and what of it Edenred accepts today', schemas: () => import('../edenred').then((m) => ({ answer: m.balanceSchema })) }),
  postEdenredLogout: route({ method: 'POST', path: '/api/edenred/logout', summary: 'Unlink the Edenred account', schemas: () => import('../edenred').then((m) => ({ answer: m.edenredLogoutSchema })) }),
};
