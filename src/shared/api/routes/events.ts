import { route } from '../route-table';

/** The news streams (server/modules/events): the shop's and the team's. */
export const EVENTS = {
  getEvents: route({ method: 'GET', path: '/api/events', summary: 'News for the shop’s open pages: dishes sold out on the delivery day, the customer’s own orders', schemas: () => import('../events').then((m) => ({ query: m.shopEventsQuerySchema })) }),
  getStaffEvents: route({ method: 'GET', path: '/api/staff/events', summary: 'Team: news for the board, the kitchen and the rounds of a day', schemas: () => import('../events').then((m) => ({ query: m.teamEventsQuerySchema })) }),
};
