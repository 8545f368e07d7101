/** Distances on the Earth's surface (haversine), for the 5000 m rule of the delivery search. */
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A geocoded address or a device position is used only this close to the map's centre. */
export const isWithin = (point: LatLng, center: LatLng, radiusM: number) => distanceMeters(point, center) <= radiusM;

/** Items sorted nearest first from a point. */
export function byDistance<T extends { latitude: number; longitude: number }>(items: readonly T[], from: LatLng): T[] {
  return [...items].sort((a, b) => distanceMeters(from, { lat: a.latitude, lng: a.longitude }) - distanceMeters(from, { lat: b.latitude, lng: b.longitude }));
}
