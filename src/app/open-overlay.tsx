import { Suspense, useState } from 'react';
import { useOpenVolet } from '../lib/panel-history';
import { useHydratedValue } from '../lib/use-hydrated';
import { voletOf, type Volet } from '../shared/panels';
import { KEPT_MOUNTED, OVERLAYS } from './overlay-registry';

/** The panel named by the address the browser was served (read as the app starts, before any navigation). */
const servedVolet = typeof window === 'undefined' ? undefined : (voletOf(window.location.search) ?? undefined);

/** The panel the address names, drawn over the page (its code loaded on its first opening). */
export function OpenOverlay() {
  const current = useOpenVolet();
  // Hydrated with the panel the server drew: the overlays' boundary hydrates in a later pass, and a
  // panel opened meanwhile (a tap on the cart) would otherwise be hydrated against the server's
  // page, which does not have it (React's #418, the whole boundary drawn again). It is drawn once
  // hydrated. The server's own render takes the address it is drawing.
  const volet = useHydratedValue(current, typeof window === 'undefined' ? current : servedVolet);
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
