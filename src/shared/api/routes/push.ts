import { route } from '../route-table';

/** Web push subscriptions (server/modules/push). */
export const PUSH = {
  getPushKey: route({ method: 'GET', path: '/api/push/key', summary: 'The server’s VAPID public key (base64url), for PushManager.subscribe', schemas: () => import('../push').then((m) => ({ answer: m.pushKeySchema })) }),
  postPushSubscriptions: route({ method: 'POST', path: '/api/push/subscriptions', summary: 'Keep this browser’s push subscription for my notices', schemas: () => import('../push').then((m) => ({ body: m.pushSubscriptionBodySchema })) }),
  deletePushSubscriptions: route({ method: 'DELETE', path: '/api/push/subscriptions', summary: 'Stop my notices on this browser (its subscription is forgotten)', schemas: () => import('../push').then((m) => ({ body: m.pushUnsubscribeBodySchema })) }),
};
