import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { pwa } from './pwa-store';

// The notice itself loads only when a new version waits: it stays out of the home page's JavaScript.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * Where the new-version notice appears. `busy` (a payment under way, a form or any modal open)
 * holds it back: it shows once they close, and nothing is applied without the customer's click.
 */
export function UpdateNotice({ busy }: { busy: boolean }) {
  const { updateReady } = useSnapshot(pwa);
  return (
    <div role="status" aria-live="polite">
      {updateReady && !busy ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </div>
  );
}
