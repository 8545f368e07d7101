/**
 * The panels a page can open over itself, by their name in the code and their name in the page's
 * address: `/passer-commande?volet=panier`. One at a time, in the root route's `volet` search
 * parameter (src/routes/__root.tsx), so a link opens one, the server draws it and the back button
 * closes it. The pop-ins (cart expiry, shop closed, validated order) have none: they come from time
 * and the shop's state, not from the customer's navigation.
 */
export const PANELS = {
  composer: 'formule',
  cart: 'panier',
  account: 'compte',
  mobileMenu: 'menu',
  help: 'aide',
  deliverySelector: 'livraison',
  suggestion: 'ou-dejeuner',
  passwordReset: 'mot-de-passe',
  payment: 'paiement',
} as const;

export type Panel = keyof typeof PANELS;
/** A panel's name in the address. */
export type Volet = (typeof PANELS)[Panel];

const VOLETS = new Set<unknown>(Object.values(PANELS));

export const isVolet = (value: unknown): value is Volet => VOLETS.has(value);

/** The search every page accepts: the open panel, when the address names one it knows. */
export interface PanelSearch {
  volet?: Volet;
}

/** The root route's search validation: an unknown panel is no panel (never an error page). */
export function validatePanelSearch(search: Record<string, unknown>): PanelSearch {
  return isVolet(search.volet) ? { volet: search.volet } : {};
}

/** The panel a page's address names (`?volet=panier&…`), as the server reads it before any router runs. */
export function voletOf(search: string): Volet | null {
  const value = new URLSearchParams(search).get('volet');
  return isVolet(value) ? value : null;
}
