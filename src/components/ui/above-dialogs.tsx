import { useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal <dialog> makes everything outside it inert, even what is drawn above it: a snackbar's
 * close button could not be pressed nor its message read by a screen reader. What must stay usable
 * over a dialog (snackbars, the payment loader) is moved into the top dialog's own layer.
 */
const layers: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function raiseLayer(layer: HTMLElement) {
  layers.push(layer);
  changed();
}

export function lowerLayer(layer: HTMLElement) {
  const at = layers.indexOf(layer);
  if (at >= 0) layers.splice(at, 1);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Its children in the top open dialog's layer, or where they are when no dialog is open. */
export function AboveDialogs({ children }: { children: ReactNode }) {
  const host = useSyncExternalStore(
    subscribe,
    () => layers[layers.length - 1] ?? null,
    () => null,
  );
  return host ? createPortal(children, host) : children;
}

/** Whether a modal dialog is open on the page (a notice that would compete with it waits). */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => layers.length > 0,
    () => false,
  );
}
