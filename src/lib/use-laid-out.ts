import { useCallback, useState } from 'react';

type ElementRef = (element: HTMLElement | null) => (() => void) | undefined;

/**
 * Whether an element has had a size once (it is not `display: none`, nor inside such a parent),
 * as the browser lays it out: false on the server and at hydration, then true for good. What is
 * costly to start and shown only at some widths (the map, behind a switch on a phone) waits for
 * it. Give the element the returned ref.
 */
export function useLaidOut(): [ref: ElementRef | undefined, laidOut: boolean] {
  const [laidOut, setLaidOut] = useState(false);
  const ref = useCallback<ElementRef>((element) => {
    if (!element) return undefined;
    if (typeof ResizeObserver === 'undefined') {
      setLaidOut(true);
      return undefined;
    }
    // Its first report comes once the element has a size: at once if it already has one.
    const observer = new ResizeObserver((entries) => {
      if (entries.some((entry) => entry.contentRect.width > 0)) setLaidOut(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Once laid out, the ref is dropped: React disconnects the observer.
  return [laidOut ? undefined : ref, laidOut];
}
