import { route } from '../route-table';

/** The visitor's state (server/modules/state). */
export const STATE = {
  getState: route({ method: 'GET', path: '/api/state', summary: 'The visitor’s state: customer, cart, delivery, settings', schemas: () => import('../state').then((m) => ({ answer: m.stateSchema })) }),
};
