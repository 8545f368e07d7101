import { route } from '../route-table';

/** The delivery points (server/modules/delivery). */
export const DELIVERY = {
  getDeliveryLocations: route({ method: 'GET', path: '/api/delivery-locations', summary: 'Delivery points with their slots on a date', schemas: () => import('../delivery').then((m) => ({ query: m.deliveryLocationsQuerySchema, answer: m.deliveryLocationsSchema })) }),
  getDeliveryLocationsSearch: route({ method: 'GET', path: '/api/delivery-locations/search', summary: 'Delivery points matching a search', schemas: () => import('../delivery').then((m) => ({ query: m.deliverySearchQuerySchema, answer: m.deliveryLocationsSchema })) }),
  postDeliveries: route({ method: 'POST', path: '/api/deliveries', summary: 'Choose a delivery slot', schemas: () => import('../delivery').then((m) => ({ body: m.selectDeliveryBodySchema, answer: m.deliverySchema })) }),
};
