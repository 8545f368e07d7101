import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createGeocoder } from '../../src/features/delivery/geocoding';
import { ADDRESS_SEARCH_DOWN, NOTHING_FOUND, mapCenter, needsUsualPointConfirmation, searchDeliveryPoints, widgetParts } from '../../src/features/delivery/search-rules';
import type { DeliveryLocation } from '#shared/api/delivery';
import { byDistance, distanceMeters, isWithin } from '#shared/geo';

// Vitest runs from the project root (jsdom has no file URL for this module).
const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/geocoding', name), 'utf8');
const answer = (body: string, status = 200) => vi.fn(async (_url: RequestInfo | URL) => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
const LYON = { lat: 45.7578, lng: 4.832 };

describe('distances', () => {
  it('measures Bellecour → Part-Dieu at about 2 km and Lyon → Saint-Étienne far beyond 5000 m', () => {
    expect(distanceMeters(LYON, { lat: 45.7605, lng: 4.8598 })).toBeGreaterThan(2000);
    expect(distanceMeters(LYON, { lat: 45.7605, lng: 4.8598 })).toBeLessThan(2400);
    expect(isWithin({ lat: 45.7605, lng: 4.8598 }, LYON, 5000)).toBe(true);
    expect(isWithin({ lat: 45.4335, lng: 4.39 }, LYON, 5000)).toBe(false);
  });

  it('sorts points nearest first', () => {
    const points = [
      { id: 1, latitude: 45.78, longitude: 4.8 },
      { id: 2, latitude: 45.758, longitude: 4.833 },
    ];
    expect(byDistance(points, LYON).map((p) => p.id)).toEqual([2, 1]);
  });
});

describe('geocoding adapter', () => {
  it('reads the national address API (default, no key), with the city suffix', async () => {
    const fetch = answer(fixture('adresse-part-dieu.json'));
    const place = await createGeocoder({ fetch })('17 rue du docteur bouchut');
    expect(fetch.mock.calls[0]![0]).toBe('https://api-adresse.data.gouv.fr/search/?q=17%20rue%20du%20docteur%20bouchut%2C%20Lyon%2C%20France&limit=1');
    expect(place).toEqual({ lat: 45.760521, lng: 4.856409, label: '17 Rue du Docteur Bouchut 69003 Lyon' });
  });

  it('reads Google’s Geocoding API when a key is configured', async () => {
    const fetch = answer(fixture('google-bellecour.json'));
    const place = await createGeocoder({ fetch, googleKey: 'k-123' })('place bellecour');
    expect(String(fetch.mock.calls[0]![0])).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/geocode\/json\?address=place%20bellecour%2C%20Lyon%2C%20France&.*key=k-123$/);
    expect(place).toEqual({ lat: 45.7578137, lng: 4.8320114, label: 'Pl. Bellecour, 69002 Lyon, France' });
  });

  it('answers null when the service finds nothing, and “unavailable” (only logged) when it fails or is out of reach', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await createGeocoder({ fetch: answer('{}', 503) })('x y z')).toBe('unavailable');
    expect(await createGeocoder({ fetch: vi.fn(async () => Promise.reject(new TypeError('offline'))) })('x y z')).toBe('unavailable');
    expect(await createGeocoder({ fetch: answer('{"type":"FeatureCollection","features":[]}') })('x y z')).toBeNull();
    expect(await createGeocoder({ fetch: answer('{"status":"ZERO_RESULTS","results":[]}'), googleKey: 'k' })('x y z')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('delivery search', () => {
  const point = { id: 7 } as DeliveryLocation;

  it('answers stored points first, without geocoding', async () => {
    const geocode = vi.fn();
    const result = await searchDeliveryPoints('charpennes', { searchPoints: async () => [point], geocode, center: LYON });
    expect(result).toEqual({ matchIds: [7], note: '1 point pour « charpennes »' });
    expect(geocode).not.toHaveBeenCalled();
  });

  it('geocodes otherwise, and keeps the place only within 5000 m of the centre', async () => {
    const near = { lat: 45.7605, lng: 4.8598, label: 'Rue Garibaldi' };
    expect(await searchDeliveryPoints('rue garibaldi', { searchPoints: async () => [], geocode: async () => near, center: LYON })).toEqual({
      near,
      note: 'Les points les plus proches de Rue Garibaldi',
    });
    const far = { lat: 45.4335, lng: 4.39, label: 'Saint-Étienne' };
    expect(await searchDeliveryPoints('saint-etienne', { searchPoints: async () => [], geocode: async () => far, center: LYON })).toEqual({ note: NOTHING_FOUND });
    expect(await searchDeliveryPoints('zzz', { searchPoints: async () => [], geocode: async () => null, center: LYON })).toEqual({ note: NOTHING_FOUND });
  });

  it('says the address search is down, not that the address matches nothing, when the geocoder is out of reach', async () => {
    expect(await searchDeliveryPoints('rue garibaldi', { searchPoints: async () => [], geocode: async () => 'unavailable', center: LYON })).toEqual({ note: ADDRESS_SEARCH_DOWN });
  });

  it('takes the map centre from settings, Lyon by default', () => {
    expect(mapCenter({ delivery_map_default_latitude: '45.75', delivery_map_default_longitude: '4.85' })).toEqual({ lat: 45.75, lng: 4.85 });
    expect(mapCenter({})).toEqual(LYON);
  });
});

describe('widget visibility', () => {
  it('hide shows nothing; show and the form intent always show the input', () => {
    expect(widgetParts('hide', 'trigger', false)).toEqual({ input: false, selectButton: false });
    expect(widgetParts('show', 'trigger', true)).toEqual({ input: true, selectButton: false });
    expect(widgetParts('smart', 'form', true)).toEqual({ input: true, selectButton: false });
  });

  it('the trigger intent shows the input without a point, the select button with one', () => {
    expect(widgetParts('smart', 'trigger', false)).toEqual({ input: true, selectButton: false });
    expect(widgetParts('smart', 'trigger', true)).toEqual({ input: false, selectButton: true });
  });
});

describe('different usual point', () => {
  const base = { loggedIn: true, pickedLocationId: 3, lastChosenLocationId: 1, usualLocationId: 2 };

  it('asks a logged-in customer with a point who picks another than the last and the usual', () => {
    expect(needsUsualPointConfirmation(base)).toBe(true);
  });

  it('does not ask guests, customers without a point, or a pick equal to the last or the usual one', () => {
    expect(needsUsualPointConfirmation({ ...base, loggedIn: false })).toBe(false);
    expect(needsUsualPointConfirmation({ ...base, lastChosenLocationId: null })).toBe(false);
    expect(needsUsualPointConfirmation({ ...base, pickedLocationId: 1 })).toBe(false);
    expect(needsUsualPointConfirmation({ ...base, pickedLocationId: 2 })).toBe(false);
    // An unknown usual point only compares with the last chosen one.
    expect(needsUsualPointConfirmation({ ...base, usualLocationId: null })).toBe(true);
  });
});
