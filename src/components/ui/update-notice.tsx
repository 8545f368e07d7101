import { lazy, Suspense, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { appUpdate } from '../../lib/app-update';

// The notice itself loads only when a new version waits: it stays out of the first page's JavaScript.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * Where the new-version notice appears, in either app. `busy` (a payment under way, a form or any
 * modal open, a round's taps not yet sent) holds it back: it shows once they are done, and nothing
 * is applied without a click. `kept`: what the update keeps, said to whoever reads it.
 */
export function UpdateNotice({ busy, kept }: { busy: boolean; kept: ReactNode }) {
  const { ready } = useSnapshot(appUpdate);
  return (
    <div role="status" aria-live="polite">
      {ready && !busy ? (
        <Suspense fallback={null}>
          <UpdatePrompt kept={kept} />
        </Suspense>
      ) : null}
    </div>
  );
}
