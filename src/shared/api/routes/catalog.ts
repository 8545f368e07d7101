import { route } from '../route-table';

/** The catalog (server/modules/catalog): the formulas and dishes, and the team's import. */
export const CATALOG = {
  getMenus: route({ method: 'GET', path: '/api/menus', summary: 'The formulas offered on a date', schemas: () => import('../catalog').then((m) => ({ query: m.catalogQuerySchema, answer: m.menusSchema })) }),
  getMenusById: route({ method: 'GET', path: '/api/menus/:id', summary: 'One formula offered on a date', schemas: () => import('../catalog').then((m) => ({ params: m.menuParamsSchema, query: m.catalogQuerySchema, answer: m.menuSchema })) }),
  getProducts: route({ method: 'GET', path: '/api/products', summary: 'Every dish cooked on a date', schemas: () => import('../catalog').then((m) => ({ query: m.catalogQuerySchema, answer: m.productListSchema })) }),
  getProductsShuffle: route({ method: 'GET', path: '/api/products/shuffle', summary: 'Random dishes of the day with portions left', schemas: () => import('../catalog').then((m) => ({ query: m.shuffleQuerySchema, answer: m.productListSchema })) }),
  getProductsById: route({ method: 'GET', path: '/api/products/:id', summary: 'One dish, by id or slug', schemas: () => import('../catalog').then((m) => ({ params: m.productParamsSchema, query: m.catalogQuerySchema, answer: m.productDetailSchema })) }),
  postStaffCatalogImport: route({ method: 'POST', path: '/api/staff/catalog-import', summary: 'Team: load a day’s catalog (preview=1: what it would change, changing nothing)', schemas: () => import('../staff').then((m) => ({ query: m.catalogImportQuerySchema, answer: m.catalogImportAnswerSchema })) }),
};
