import { lazy, Suspense } from 'react';

/* The offer and its browser code load in their own chunk, once shown: the home page's first JavaScript does not carry them. */
const PushOffer = lazy(() => import('./push-offer'));

/** "Être prévenu quand le triporteur arrive", loaded on demand (push-offer.tsx); the app places it (after an order, in the account). */
export function LazyPushOffer() {
  return (
    <Suspense fallback={null}>
      <PushOffer />
    </Suspense>
  );
}
