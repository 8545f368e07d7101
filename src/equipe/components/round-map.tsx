import { LngLatBounds, Map as MapLibre, NavigationControl, type Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { addPin, followStyle, mapLocale, mapPinStyles, STYLE_URL } from '../../components/map/map-base';
import { MAP } from '../../shared/constants';
import styles from './round-map.module.css';

export interface RoundMapStop {
  /** The delivery point. */
  id: number;
  rank: number;
  name: string;
  lat: number;
  lng: number;
  /** Every bag of the stop handed over or marked absent. */
  done: boolean;
}

/**
 * The round's stops on a map, numbered in the round's order (the shop's style, kept by the
 * service worker for offline use); a stop's pin takes the courier to that stop in the list.
 * Loaded only when the courier opens it: maplibre is large.
 */
export default function RoundMap({ stops, onSelect }: { stops: RoundMapStop[]; onSelect: (id: number) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibre | null>(null);
  const pins = useRef(new Map<number, { marker: Marker; element: HTMLButtonElement }>());
  const onSelectRef = useRef(onSelect);
  const [state, setState] = useState<'loading' | 'ready' | 'plain' | 'failed'>('loading');
  const placed = stops.map((s) => `${s.id}:${s.rank}:${s.lat}:${s.lng}`).join(',');

  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  useEffect(() => {
    if (!container.current || !stops.length) return;
    let instance: MapLibre;
    try {
      const bounds = new LngLatBounds();
      for (const s of stops) bounds.extend([s.lng, s.lat]);
      instance = new MapLibre({
        container: container.current,
        style: STYLE_URL,
        bounds,
        fitBoundsOptions: { padding: 48, maxZoom: MAP.zoom },
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        attributionControl: { compact: true },
        locale: mapLocale('Carte des arrêts de la tournée'),
      });
    } catch (err) {
      console.warn('The map cannot start (no WebGL?): the list still works.', err);
      queueMicrotask(() => setState('failed'));
      return;
    }
    map.current = instance;
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    followStyle(instance, () => setState('plain'));
    instance.once('load', () => setState((s) => (s === 'plain' ? s : 'ready')));
    const current = pins.current;
    for (const stop of stops) {
      current.set(stop.id, addPin(instance, [stop.lng, stop.lat], String(stop.rank), () => onSelectRef.current(stop.id), styles.stop));
    }
    return () => {
      current.clear();
      instance.remove();
      map.current = null;
    };
    // Made again only when the stops or their places change; their state follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);

  useEffect(() => {
    for (const stop of stops) {
      const pin = pins.current.get(stop.id);
      if (!pin) continue;
      pin.element.dataset.done = String(stop.done);
      pin.element.setAttribute('aria-label', `Arrêt ${stop.rank} : ${stop.name}${stop.done ? ' (fait)' : ''}`);
    }
  });

  if (state === 'failed') return <p className={mapPinStyles.failed}>La carte n’est pas disponible sur cet appareil : suivez la liste des arrêts.</p>;
  return <div ref={container} className={styles.map} data-testid="round-map" data-state={state} role="region" aria-label="Carte des arrêts de la tournée" />;
}
