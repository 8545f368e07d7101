import { route } from '../route-table';

/** The health check (server/modules/health). */
export const HEALTH = {
  getHealth: route({ method: 'GET', path: '/api/health', summary: 'Whether the server and its database answer' }),
};
