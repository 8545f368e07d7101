import { lazy, type ComponentType } from 'react';

/** What every panel's component is given: whether its address names it (one kept mounted is given false once closed). */
export interface OverlayProps {
  open: boolean;
}

/**
 * A panel's component, loaded when it is first opened: panels stay out of the first screen's
 * JavaScript. The server draws one named by the address whole, and the browser hydrates it once
 * its code arrives. Each feature lists its own, by their name in the address (`*-overlays.ts`).
 */
export function lazyOverlay<P extends OverlayProps>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
