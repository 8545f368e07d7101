import { LngLatBounds, Map as MapLibre, NavigationControl, type Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { addPin, followStyle, mapLocale, mapPinStyles, STYLE_URL } from '../../../components/map/map-base';
import { MAP } from '../../../shared/constants';
import type { LatLng } from '../../../shared/geo';
import { clusterLabel, clusterPins } from '../map-clusters';
import styles from './delivery-map.module.css';

export interface MapPoint {
  id: number;
  index: number;
  name: string;
  latitude: number;
  longitude: number;
}

interface DeliveryMapProps {
  points: MapPoint[];
  /** The map opens on the first `frameFirst` points (the nearest of an address), else on all. */
  frameFirst?: number;
  selectedId: number | null;
  center: LatLng;
  onSelect: (id: number) => void;
}

/** Room kept around framed pins: a pin stands above its point, the zoom buttons sit top right. */
const FRAME_PADDING = { top: 56, bottom: 24, left: 24, right: 56 };

/** Shows the given points: a single one at the usual zoom, several all in view. */
function frame(instance: MapLibre, points: MapPoint[]) {
  if (points.length === 1) {
    instance.jumpTo({ center: [points[0]!.longitude, points[0]!.latitude], zoom: MAP.zoom });
    return;
  }
  if (points.length === 0) return;
  const bounds = new LngLatBounds();
  for (const p of points) bounds.extend([p.longitude, p.latitude]);
  instance.fitBounds(bounds, { padding: FRAME_PADDING, maxZoom: MAP.zoom, duration: 0 });
}

/**
 * Numbered pins of the delivery points. The map opens on what the search found (it is drawn anew
 * for each search), then re-centres on the point the customer picks.
 */
export default function DeliveryMap({ points, frameFirst, selectedId, center, onSelect }: DeliveryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibre | null>(null);
  const markers = useRef(new Map<number, { marker: Marker; element: HTMLButtonElement }>());
  const clusters = useRef<Marker[]>([]);
  const onSelectRef = useRef(onSelect);
  const pointsRef = useRef(points);
  const selectedRef = useRef(selectedId);
  // The list is rebuilt on every render of the selector; the pins change only when its points do.
  const pointsKey = points.map((p) => p.id).join(',');
  const [state, setState] = useState<'loading' | 'ready' | 'plain' | 'failed'>('loading');
  const initialSelection = useRef(selectedId);

  useEffect(() => {
    onSelectRef.current = onSelect;
    pointsRef.current = points;
    selectedRef.current = selectedId;
  });

  /**
   * Pins that would overlap at this zoom are drawn as one numbered cluster pin (map-clusters.ts),
   * which zooms in on them when tapped; at the closest zoom every pin shows, as the list does.
   */
  function recluster() {
    const instance = map.current;
    if (!instance) return;
    for (const cluster of clusters.current) cluster.remove();
    clusters.current = [];
    const points = pointsRef.current.filter((p) => markers.current.has(p.id));
    const closest = instance.getZoom() >= instance.getMaxZoom() - 0.01;
    const groups = closest
      ? points.map((p) => [{ id: p.id, index: p.index, x: 0, y: 0 }])
      : clusterPins(points.map((p) => ({ id: p.id, index: p.index, ...instance.project([p.longitude, p.latitude]) })));
    for (const group of groups) {
      for (const { id } of group) markers.current.get(id)!.element.style.display = group.length > 1 ? 'none' : '';
      if (group.length === 1) continue;
      const members = group.map(({ id }) => points.find((p) => p.id === id)!);
      const bounds = new LngLatBounds();
      for (const p of members) bounds.extend([p.longitude, p.latitude]);
      const center = bounds.getCenter();
      const { marker, element } = addPin(instance, [center.lng, center.lat], String(members.length), () => instance.fitBounds(bounds, { padding: 80, maxZoom: instance.getMaxZoom(), duration: 400 }), styles.cluster);
      element.setAttribute('aria-label', clusterLabel(members));
      // The customer's choice inside: the cluster wears its colour.
      if (members.some((p) => p.id === selectedRef.current)) element.dataset.chosen = '';
      clusters.current.push(marker);
    }
  }

  useEffect(() => {
    if (!container.current) return;
    let instance: MapLibre;
    try {
      instance = new MapLibre({
        container: container.current,
        style: STYLE_URL,
        center: [center.lng, center.lat],
        zoom: MAP.zoom,
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        attributionControl: { compact: true },
        cooperativeGestures: false,
        locale: mapLocale('Carte des points de livraison'),
      });
    } catch (err) {
      console.warn('The map cannot start (no WebGL?): the list still works.', err);
      queueMicrotask(() => setState('failed'));
      return;
    }
    map.current = instance;
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // First what the search found; then the map follows the customer's choice. Framed again once
    // loaded: the panel holding the map may still have been taking its size at the first framing.
    const framed = pointsRef.current.slice(0, frameFirst ?? pointsRef.current.length);
    frame(instance, framed);
    followStyle(instance, () => setState('plain'));
    instance.once('load', () => {
      if (selectedRef.current === initialSelection.current) frame(instance, framed);
      setState((s) => (s === 'plain' ? s : 'ready'));
    });
    instance.on('zoomend', recluster);
    const current = markers.current;
    return () => {
      current.clear();
      clusters.current = [];
      instance.remove();
      map.current = null;
    };
    // The map is created once; points and selection follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const points = pointsRef.current;
    const existing = markers.current;
    for (const [id, { marker }] of existing) {
      if (!points.some((p) => p.id === id)) {
        marker.remove();
        existing.delete(id);
      }
    }
    for (const point of points) {
      if (existing.has(point.id)) continue;
      const pin = addPin(instance, [point.longitude, point.latitude], String(point.index), () => onSelectRef.current(point.id), styles.point);
      pin.element.setAttribute('aria-label', `${point.index}. ${point.name}`);
      existing.set(point.id, pin);
    }
  }, [pointsKey]);

  useEffect(() => {
    for (const [id, { element }] of markers.current) {
      element.setAttribute('aria-pressed', String(id === selectedId));
    }
    // The cluster holding the chosen pin shows it.
    recluster();
  }, [selectedId, pointsKey]);

  // Re-centre on the chosen point when the choice changes (not on the preselection).
  useEffect(() => {
    if (selectedId === initialSelection.current) return;
    initialSelection.current = null;
    const selected = pointsRef.current.find((p) => p.id === selectedId);
    if (selected && map.current) map.current.easeTo({ center: [selected.longitude, selected.latitude], duration: 400 });
  }, [selectedId]);

  if (state === 'failed') {
    return <p className={mapPinStyles.failed}>La carte n’est pas disponible sur cet appareil : choisissez votre point dans la liste.</p>;
  }
  return <div ref={container} className={styles.map} data-testid="delivery-map" data-state={state} aria-label="Carte des points de livraison" role="region" />;
}
