import { MAP } from '../../shared/constants';
import type { LatLng } from '../../shared/geo';

export interface GeocodedPlace extends LatLng {
  label: string;
}

/** What a search term geocodes to: a place, nothing (null), or 'unavailable' when the service is out of reach. */
export type Geocoded = GeocodedPlace | null | 'unavailable';

type Fetch = typeof fetch;

/**
 * Turns a search term into a place, through one adapter with two backends: the French national
 * address API (no key, the default) or Google's Geocoding API when a key is configured. The term is
 * looked up with the city suffix ('Lyon, France'). A service out of reach or failing is logged and
 * answers 'unavailable', so the customer is told the address search is down rather than that the
 * address matches nothing; the search by point name still works.
 */
export function createGeocoder(options: { googleKey?: string; fetch?: Fetch } = {}) {
  const doFetch: Fetch = options.fetch ?? ((...args) => fetch(...args));
  const key = options.googleKey?.trim();

  async function adresse(query: string): Promise<GeocodedPlace | null> {
    const res = await doFetch(`https://api-adresse.data.gouv.fr/search/?q=${encodeURIComponent(query)}&limit=1`);
    if (!res.ok) throw new Error(`api-adresse answered ${res.status}`);
    const body = (await res.json()) as { features?: { geometry?: { coordinates?: [number, number] }; properties?: { label?: string } }[] };
    const feature = body.features?.[0];
    const coordinates = feature?.geometry?.coordinates;
    if (!coordinates) return null;
    return { lng: coordinates[0], lat: coordinates[1], label: feature?.properties?.label ?? query };
  }

  async function google(query: string, apiKey: string): Promise<GeocodedPlace | null> {
    const res = await doFetch(`https://maps.googleapis.com/maps/api/geocode/json?address=${encodeURIComponent(query)}&region=fr&language=fr&key=${encodeURIComponent(apiKey)}`);
    if (!res.ok) throw new Error(`Google Geocoding answered ${res.status}`);
    const body = (await res.json()) as { status: string; results?: { formatted_address: string; geometry: { location: LatLng } }[] };
    const result = body.results?.[0];
    if (body.status !== 'OK' || !result) return null;
    return { ...result.geometry.location, label: result.formatted_address };
  }

  return async function geocode(term: string): Promise<Geocoded> {
    const query = `${term.trim()}, ${MAP.geocodingSuffix}`;
    try {
      return key ? await google(query, key) : await adresse(query);
    } catch (err) {
      console.warn('Geocoding unavailable: searching by point name only.', err);
      return 'unavailable';
    }
  };
}
