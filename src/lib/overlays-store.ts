import { useRouterState } from '@tanstack/react-router';
import { proxy, useSnapshot } from 'valtio';
import { VOLETS, voletOf, withVolet, type Volet } from '../shared/panels';

/**
 * The modals and pop-ins: 'menu' is the formula composer; 'navigation' is
 * the mobile menu, a navigation rather than a dialog, but which opens over the page like the others.
 */
export const MODALS = ['menu', 'navigation', 'cart', 'account', 'payment', 'reset_password', 'delivery_suggest_location', 'delivery_selector', 'contact'] as const;
export const POPINS = ['validated_order', 'cart_expiry', 'closed_website', 'homepage'] as const;
export type ModalName = (typeof MODALS)[number];
export type PopinName = (typeof POPINS)[number];

type AddressedModal = keyof typeof VOLETS & ModalName;
/** The history entries this app pushed to open a panel: closing one goes back rather than forward. */
const PUSHED_KEY = 'popoteVolet';

function isAddressed(name: ModalName): name is AddressedModal {
  return name in VOLETS;
}

/** What is open without an address: the payment modal and the pop-ins. */
export const overlays = proxy({
  payment: false,
  popins: Object.fromEntries(POPINS.map((p) => [p, false])) as Record<PopinName, boolean>,
});

/** How the panels move the browser's history (the router, bound once in the browser). */
export interface OverlayHistory {
  location: () => { pathname: string; search: string; hash: string; state: object };
  /** Goes to the address, with the entry's state (whether a panel opened it). */
  go: (href: string, options: { replace: boolean; state: Record<string, boolean> }) => void;
  back: () => void;
}

let history: OverlayHistory | null = null;
/** The panel asked for by this task's calls: applied once, so "close the cart, open the selector" is one step. */
let asked: { volet: Volet | null; pathname: string } | null = null;

export function bindOverlayHistory(bound: OverlayHistory) {
  history = bound;
}

function openVolet(): Volet | null {
  if (asked) return asked.volet;
  return history ? voletOf(history.location().search) : null;
}

function ask(volet: Volet | null) {
  if (!history) return;
  if (asked) {
    asked.volet = volet;
    return;
  }
  asked = { volet, pathname: history.location().pathname };
  queueMicrotask(settle);
}

function settle() {
  const wanted = asked;
  asked = null;
  if (!wanted || !history) return;
  const location = history.location();
  // The customer went to another page meanwhile (a link in the panel): its address has no panel.
  if (location.pathname !== wanted.pathname) return;
  const current = voletOf(location.search);
  if (current === wanted.volet) return;
  const pushed = Boolean((location.state as Record<string, unknown>)[PUSHED_KEY]);
  // Closing a panel this app opened goes back, so the back button does not open it again; one
  // opened by a link (or drawn by the server) has no entry before it on this page: it is removed.
  if (wanted.volet === null && pushed) return history.back();
  history.go(withVolet(location, wanted.volet), { replace: current !== null, state: { [PUSHED_KEY]: current === null || pushed } });
}

export function openModal(name: ModalName) {
  if (isAddressed(name)) ask(VOLETS[name]);
  else overlays.payment = true;
}

export function closeModal(name: ModalName) {
  if (!isAddressed(name)) overlays.payment = false;
  else if (openVolet() === VOLETS[name]) ask(null);
}

export function openPopin(name: PopinName) {
  overlays.popins[name] = true;
}

export function closePopin(name: PopinName) {
  overlays.popins[name] = false;
}

/** Closes what has no address (the payment modal and the pop-ins), as a change of page does. */
export function closeUnaddressed() {
  overlays.payment = false;
  for (const p of POPINS) overlays.popins[p] = false;
}

/** Closes every modal and pop-in. */
export function closeAll() {
  closeUnaddressed();
  if (openVolet() !== null) ask(null);
}

/** What is open now: the page's panel from its address (the server's too), the rest from the store. */
export function useOverlays() {
  const snap = useSnapshot(overlays);
  const volet = useRouterState({ select: (s) => voletOf(s.location.searchStr) });
  const modals = Object.fromEntries(MODALS.map((m) => [m, isAddressed(m) ? VOLETS[m] === volet : snap.payment])) as Record<ModalName, boolean>;
  const anyOpen = volet !== null || snap.payment || Object.values(snap.popins).some(Boolean);
  return { modals, popins: snap.popins, anyOpen };
}
