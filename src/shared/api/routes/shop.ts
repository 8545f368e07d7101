import { route } from '../route-table';

/** The shop's opening and settings (server/modules/shop). */
export const SHOP = {
  getSettings: route({ method: 'GET', path: '/api/settings', summary: 'The public settings', schemas: () => import('../state').then((m) => ({ answer: m.settingsSchema })) }),
  getStateShopOpen: route({ method: 'GET', path: '/api/state/shop-open', summary: 'Whether orders are open now', schemas: () => import('../state').then((m) => ({ answer: m.shopOpenSchema })) }),
};
