import { proxy } from 'valtio';
import type { GeocodedPlace } from './geocoding';

/**
 * What the last search asked the delivery selector to show: the points matching a name, or the
 * points nearest a place (an address or the device's position), with a note for the customer.
 */
export const deliverySearch = proxy({
  matchIds: null as number[] | null,
  near: null as GeocodedPlace | null,
  note: null as string | null,
});

export function showSearchResult(result: { matchIds?: number[] | null; near?: GeocodedPlace | null; note?: string | null }) {
  deliverySearch.matchIds = result.matchIds ?? null;
  deliverySearch.near = result.near ?? null;
  deliverySearch.note = result.note ?? null;
}

export const clearSearchResult = () => showSearchResult({});
