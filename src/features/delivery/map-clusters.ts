/** A pin as drawn on the screen: its point's id and index, and where it stands in pixels. */
export interface ScreenPin {
  id: number;
  index: number;
  x: number;
  y: number;
}

/** Pins closer than this (in CSS pixels, centre to centre) overlap: a pin is 34 px wide. */
export const CLUSTER_RADIUS_PX = 36;

/**
 * Pins that would overlap, grouped: each group of two or more is drawn as one cluster pin. Greedy
 * and stable: pins are taken in their list order, each gathering the free pins within the radius
 * of it.
 */
export function clusterPins(pins: ScreenPin[], radius = CLUSTER_RADIUS_PX): ScreenPin[][] {
  const ordered = [...pins].sort((a, b) => a.index - b.index);
  const taken = new Set<number>();
  const groups: ScreenPin[][] = [];
  for (const pin of ordered) {
    if (taken.has(pin.id)) continue;
    taken.add(pin.id);
    const group = [pin];
    for (const other of ordered) {
      if (taken.has(other.id)) continue;
      if (Math.hypot(other.x - pin.x, other.y - pin.y) < radius) {
        group.push(other);
        taken.add(other.id);
      }
    }
    groups.push(group);
  }
  return groups;
}

/** The cluster pin's name for screen readers: how many points, and which. */
export function clusterLabel(names: { index: number; name: string }[]): string {
  return `${names.length} points de livraison : ${names.map((p) => `${p.index}. ${p.name}`).join(', ')}`;
}
