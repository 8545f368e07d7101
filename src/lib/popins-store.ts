import { proxy, useSnapshot } from 'valtio';
import { useOpenVolet } from './panel-history';

/**
 * The pop-ins: they come from a checkout, from time or from the shop's state, not from the
 * customer's navigation, so they have no address (the panels do: src/lib/panel-history.ts). A
 * change of page closes them.
 */
export const POPINS = ['validated_order', 'cart_expiry', 'closed_website', 'homepage'] as const;
export type PopinName = (typeof POPINS)[number];

export const popins = proxy(Object.fromEntries(POPINS.map((p) => [p, false])) as Record<PopinName, boolean>);

export function openPopin(name: PopinName) {
  popins[name] = true;
}

export function closePopin(name: PopinName) {
  popins[name] = false;
}

export function closePopins() {
  for (const p of POPINS) popins[p] = false;
}

/** Which pop-ins are open. */
export const usePopins = () => useSnapshot(popins);

/** Whether a panel or a pop-in is open over the page. */
export function useOverlayOpen(): boolean {
  const volet = useOpenVolet();
  const open = usePopins();
  return volet !== undefined || POPINS.some((p) => open[p]);
}
