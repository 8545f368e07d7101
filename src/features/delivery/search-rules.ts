import type { DeliveryLocation } from '../../shared/api/delivery';
import { MAP } from '../../shared/constants';
import { isWithin, type LatLng } from '../../shared/geo';
import type { Geocoded, GeocodedPlace } from './geocoding';

export interface SearchResult {
  matchIds?: number[];
  near?: GeocodedPlace;
  note: string;
}

interface SearchDeps {
  /** GET /api/delivery-locations/search */
  searchPoints: (term: string) => Promise<DeliveryLocation[]>;
  geocode: (term: string) => Promise<Geocoded>;
  /** The map's default centre (settings). */
  center: LatLng;
}

export const NOTHING_FOUND = 'Aucun point de livraison ne correspond à votre recherche : voici tous nos points.';
/** The address could not be looked up (no internet, the service down): the address is not to blame. */
export const ADDRESS_SEARCH_DOWN = 'La recherche par adresse est indisponible pour le moment : voici tous nos points.';

/**
 * Stored points first (name, address, company); otherwise the address is geocoded and used only
 * within 5000 m of the map's centre (docs/product/delivery.md, "Finding a point").
 */
export async function searchDeliveryPoints(term: string, deps: SearchDeps): Promise<SearchResult> {
  const points = await deps.searchPoints(term);
  if (points.length) {
    return { matchIds: points.map((p) => p.id), note: `${points.length} point${points.length > 1 ? 's' : ''} pour « ${term.trim()} »` };
  }
  const place = await deps.geocode(term);
  if (place === 'unavailable') return { note: ADDRESS_SEARCH_DOWN };
  if (place && isWithin(place, deps.center, MAP.proximityRadiusM)) {
    return { near: place, note: `Les points les plus proches de ${place.label}` };
  }
  return { note: NOTHING_FOUND };
}

/** Which parts of the search widget show (docs/product/delivery.md). */
export function widgetParts(mode: 'show' | 'hide' | 'smart', intent: 'form' | 'trigger', hasDelivery: boolean) {
  if (mode === 'hide') return { input: false, selectButton: false };
  if (mode === 'show' || intent === 'form') return { input: true, selectButton: false };
  return { input: !hasDelivery, selectButton: hasDelivery };
}

/** The map's default centre from settings, Lyon when unset. */
export function mapCenter(settings: Record<string, string>): LatLng {
  const lat = Number(settings.delivery_map_default_latitude);
  const lng = Number(settings.delivery_map_default_longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) && settings.delivery_map_default_latitude ? { lat, lng } : { lat: 45.7578, lng: 4.832 };
}

/**
 * A logged-in customer who already has a point and picks a location different from both the last
 * chosen one and the usual one is asked to confirm first (docs/product/delivery.md, "The chosen point").
 * An unknown usual location (not delivered that day) does not count against the choice.
 */
export function needsUsualPointConfirmation(input: {
  loggedIn: boolean;
  pickedLocationId: number;
  lastChosenLocationId: number | null;
  usualLocationId: number | null;
}): boolean {
  const { loggedIn, pickedLocationId, lastChosenLocationId, usualLocationId } = input;
  if (!loggedIn || lastChosenLocationId === null) return false;
  return pickedLocationId !== lastChosenLocationId && pickedLocationId !== usualLocationId;
}
