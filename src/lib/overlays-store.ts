import { proxy } from 'valtio';

/**
 * The modals and pop-ins: 'menu' is the formula composer; 'navigation' is
 * the mobile menu, a navigation rather than a dialog, but which opens over the overlay like the others.
 */
export const MODALS = ['menu', 'navigation', 'cart', 'account', 'payment', 'reset_password', 'delivery_suggest_location', 'delivery_selector', 'contact'] as const;
export const POPINS = ['validated_order', 'cart_expiry', 'closed_website', 'homepage'] as const;
export type ModalName = (typeof MODALS)[number];
export type PopinName = (typeof POPINS)[number];

/** The delivery selector and the suggestion modal exclude each other. */
const EXCLUSIVE: Partial<Record<ModalName, ModalName>> = {
  delivery_selector: 'delivery_suggest_location',
  delivery_suggest_location: 'delivery_selector',
};

export const overlays = proxy({
  modals: Object.fromEntries(MODALS.map((m) => [m, false])) as Record<ModalName, boolean>,
  popins: Object.fromEntries(POPINS.map((p) => [p, false])) as Record<PopinName, boolean>,
  /** When set, closing everything goes back one step in history (a modal opened by URL). */
  redirectBack: false,
});

export function openModal(name: ModalName) {
  const other = EXCLUSIVE[name];
  if (other) overlays.modals[other] = false;
  overlays.modals[name] = true;
}

export function closeModal(name: ModalName) {
  overlays.modals[name] = false;
  const other = EXCLUSIVE[name];
  if (other) overlays.modals[other] = false;
}

export function openPopin(name: PopinName) {
  overlays.popins[name] = true;
}

export function closePopin(name: PopinName) {
  overlays.popins[name] = false;
}

export function isAnyOpen(state: { modals: Record<string, boolean>; popins: Record<string, boolean> } = overlays): boolean {
  return Object.values(state.modals).some(Boolean) || Object.values(state.popins).some(Boolean);
}

/** Closes every modal and pop-in; goes back in history when a redirect-back was asked. */
export function closeAll(goBack: () => void = () => history.back()) {
  for (const m of MODALS) overlays.modals[m] = false;
  for (const p of POPINS) overlays.popins[p] = false;
  if (overlays.redirectBack) {
    overlays.redirectBack = false;
    goBack();
  }
}

/**
 * A click on the overlay closes everything, except while the payment modal is open or when the
 * order-slug page has no delivery point chosen yet.
 */
export function overlayClick(context: { orderSlugWithoutDelivery: boolean }, goBack?: () => void) {
  if (overlays.modals.payment || context.orderSlugWithoutDelivery) return;
  closeAll(goBack);
}
