/**
 * The modals with an address: the open one is the page's `volet` search parameter, so the back
 * button closes it, a link opens it and the server draws it. One at a time: opening another
 * replaces it. The payment modal has none, as it only makes sense inside a checkout this device
 * started; pop-ins come from the time and the shop's state, not from the customer's navigation.
 * Keyed by the app's modal names (src/lib/overlays-store.ts).
 */
export const VOLETS = {
  menu: 'formule',
  navigation: 'menu',
  cart: 'panier',
  account: 'compte',
  reset_password: 'mot-de-passe',
  delivery_selector: 'livraison',
  delivery_suggest_location: 'ou-dejeuner',
  contact: 'aide',
} as const;
export type Volet = (typeof VOLETS)[keyof typeof VOLETS];
export const VOLET_PARAM = 'volet';
const VOLET_VALUES = new Set<string>(Object.values(VOLETS));

/** The open panel of a URL's search string ('?volet=panier&…'), if it names one. */
export function voletOf(search: string): Volet | null {
  const value = new URLSearchParams(search).get(VOLET_PARAM);
  return value !== null && VOLET_VALUES.has(value) ? (value as Volet) : null;
}

/** The address of the same page with the given panel open, or none. */
export function withVolet(location: { pathname: string; search: string; hash: string }, volet: Volet | null): string {
  const params = new URLSearchParams(location.search);
  if (volet) params.set(VOLET_PARAM, volet);
  else params.delete(VOLET_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
