import 'maplibre-gl/dist/maplibre-gl.css';
import { Marker, setWorkerUrl, type Map as MapLibre, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { DEFAULT_MAP_STYLE_URL } from '../../shared/constants';
import pins from './map-pin.module.css';

/*
 * What every map of Popote shares (the shop's delivery points, the courier's round): the style,
 * its fallback, French labels and controls. Only ever imported by lazily loaded map components:
 * maplibre is large and stays out of the first screen and out of the install (sw/map-warm.ts).
 */

// maplibre computes its worker's URL at run time, which Vite cannot see: give it the built one.
setWorkerUrl(workerUrl);

/** Keyless public default: OpenFreeMap's "liberty" style (labels switched to French below). */
export const STYLE_URL = import.meta.env.VITE_MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL;

/** Without the style (offline, blocked), the pins still work over a plain background. */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f1e9dc' } }],
};

/** The names maplibre gives its canvas and controls, which screen readers announce: in French. */
export const mapLocale = (title: string) => ({
  'AttributionControl.ToggleAttribution': 'Afficher les crédits de la carte',
  'AttributionControl.MapFeedback': 'Signaler une erreur sur la carte',
  'Map.Title': title,
  'Marker.Title': 'Repère',
  'NavigationControl.ResetBearing': 'Faire pivoter la carte, cliquer pour revenir au nord',
  'NavigationControl.ZoomIn': 'Zoom avant',
  'NavigationControl.ZoomOut': 'Zoom arrière',
  'Popup.Close': 'Fermer',
});

/** OpenFreeMap labels carry name:fr: prefer it, fall back on the local name. */
export function frenchLabels(map: MapLibre) {
  for (const layer of map.getStyle().layers ?? []) {
    if (layer.type !== 'symbol' || !layer.layout?.['text-field']) continue;
    map.setLayoutProperty(layer.id, 'text-field', ['coalesce', ['get', 'name:fr'], ['get', 'name']]);
  }
}

/**
 * Once the style has loaded its labels turn French; if it never loads (offline without a kept
 * copy, blocked), the map falls back on the plain background and says so through `onPlain`.
 * A missing tile afterwards is only logged by maplibre: the map goes on.
 */
export function followStyle(map: MapLibre, onPlain: () => void) {
  let styled = false;
  map.once('style.load', () => {
    styled = true;
    frenchLabels(map);
  });
  map.on('error', (event) => {
    if (styled) return;
    styled = true;
    console.warn('Map style unavailable: plain background.', event.error);
    map.setStyle(PLAIN_STYLE);
    onPlain();
  });
}

/** The pins' and the no-map notice's classes, shared by every map. */
export const mapPinStyles = pins;

/**
 * A numbered pin on the map: a button (keyboard and screen readers reach it) hanging from its
 * point, `className` adding the map's own states (chosen, done, cluster).
 */
export function addPin(map: MapLibre, at: [number, number], text: string, onClick: () => void, className = '') {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = `${pins.pin} ${className}`.trim();
  element.textContent = text;
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return { marker: new Marker({ element, anchor: 'bottom' }).setLngLat(at).addTo(map), element };
}
