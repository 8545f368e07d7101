import { Suspense, useState } from 'react';
import { useOpenVolet } from '../lib/panel-history';
import type { Volet } from '../shared/panels';
import { KEPT_MOUNTED, OVERLAYS } from './overlay-registry';

/** The panel the address names, drawn over the page (its code loaded on its first opening). */
export function OpenOverlay() {
  const volet = useOpenVolet();
  const [kept, setKept] = useState<readonly Volet[]>([]);
  if (volet && KEPT_MOUNTED.has(volet) && !kept.includes(volet)) setKept([...kept, volet]);
  const mounted = volet && !kept.includes(volet) ? [...kept, volet] : kept;
  return mounted.map((name) => {
    const Overlay = OVERLAYS[name];
    return (
      <Suspense key={name} fallback={null}>
        <Overlay open={name === volet} />
      </Suspense>
    );
  });
}
