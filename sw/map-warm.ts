/**
 * What the worker fetches ahead so the delivery map draws offline on a phone that never opened it:
 * the map's code, its style with the TileJSON, sprites and glyphs it names, and the tiles around
 * the delivery points, within MAP_WARM_BUDGET_BYTES. Pure rules here; sw.ts fetches them.
 */

/** At most this much is kept for the map ahead of a visit (code, style and tiles, as stored). */
export const MAP_WARM_BUDGET_BYTES = 10 * 1024 * 1024;
/** The closest zoom fetched ahead: vector tilesets stop at 14 and the map draws closer from it. */
export const MAP_WARM_MAX_ZOOM = 14;
/** A zoom covers the points' whole box (one tile of margin) when it takes at most this many tiles. */
const BOX_MAX_TILES = 36;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

export interface LngLat {
  longitude: number;
  latitude: number;
}

/** The Web Mercator tile holding a point at a zoom (the XYZ scheme every tile service here uses). */
export function tileOf({ longitude, latitude }: LngLat, z: number): Tile {
  const n = 2 ** z;
  const lat = (Math.max(-85.0511, Math.min(85.0511, latitude)) * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  return { z, x: clamp(x), y: clamp(y) };
}

/**
 * The tiles around the points, zoom by zoom from the widest (the overview the map opens on comes
 * first when the budget runs out): at a zoom where the points' box with one tile of margin is
 * small, the whole box; closer in, each point with the 8 tiles about it (what a phone screen
 * centred on it shows).
 */
export function tilesAround(points: readonly LngLat[], minZoom: number, maxZoom: number): Tile[] {
  const out: Tile[] = [];
  for (let z = minZoom; z <= maxZoom && points.length > 0; z++) {
    const n = 2 ** z;
    const held = points.map((p) => tileOf(p, z));
    const [x0, x1] = [Math.min(...held.map((t) => t.x)) - 1, Math.max(...held.map((t) => t.x)) + 1];
    const [y0, y1] = [Math.min(...held.map((t) => t.y)) - 1, Math.max(...held.map((t) => t.y)) + 1];
    const seen = new Set<string>();
    const add = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= n || y >= n || seen.has(`${x}/${y}`)) return;
      seen.add(`${x}/${y}`);
      out.push({ z, x, y });
    };
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= BOX_MAX_TILES) {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) add(x, y);
    } else {
      for (const t of held) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) add(t.x + dx, t.y + dy);
    }
  }
  return out;
}

/** A tile's address from a TileJSON or style template (`…/{z}/{x}/{y}.pbf`). */
export function tileUrl(template: string, { z, x, y }: Tile): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** The parts of a MapLibre style the warm-up reads. */
export interface MapStyle {
  sources?: Record<string, { type?: string; url?: string; tiles?: string[]; minzoom?: number; maxzoom?: number }>;
  sprite?: string | { id: string; url: string }[];
  glyphs?: string;
  layers?: { layout?: Record<string, unknown> }[];
}

/** A tile source: where its tiles are and the zooms it has. */
export interface TileSource {
  template: string;
  minzoom: number;
  maxzoom: number;
}

/** A style's tile sources given inline; those behind a TileJSON `url` are listed in `tileJson`. */
export function sourcesOf(style: MapStyle): { inline: TileSource[]; tileJson: string[] } {
  const inline: TileSource[] = [];
  const tileJson: string[] = [];
  for (const source of Object.values(style.sources ?? {})) {
    if (source.type !== 'vector' && source.type !== 'raster') continue;
    const template = source.tiles?.[0];
    if (template) inline.push({ template, minzoom: source.minzoom ?? 0, maxzoom: source.maxzoom ?? 22 });
    else if (source.url?.startsWith('http')) tileJson.push(source.url);
  }
  return { inline, tileJson };
}

/** A TileJSON document's tile source, or null when it names no tiles. */
export function tileJsonSource(doc: { tiles?: string[]; minzoom?: number; maxzoom?: number }): TileSource | null {
  const template = doc.tiles?.[0];
  return template ? { template, minzoom: doc.minzoom ?? 0, maxzoom: doc.maxzoom ?? 22 } : null;
}

/**
 * The sprite sheets and glyph ranges the style draws with: the sprite at the screen's pixel ratio
 * (MapLibre asks `@2x` above 1), and for each font stack its first range (Latin with its
 * accents: the map's French names).
 */
export function styleFilesOf(style: MapStyle, pixelRatio: number): string[] {
  const files: string[] = [];
  const sprites = typeof style.sprite === 'string' ? [style.sprite] : (style.sprite ?? []).map((s) => s.url);
  const suffix = pixelRatio > 1 ? '@2x' : '';
  for (const sprite of sprites) files.push(`${sprite}${suffix}.json`, `${sprite}${suffix}.png`);
  if (style.glyphs) {
    const stacks = new Set<string>();
    for (const layer of style.layers ?? []) {
      const stack = fontStackOf(layer.layout?.['text-font']);
      if (stack) stacks.add(stack);
    }
    for (const stack of stacks) files.push(style.glyphs.replace('{fontstack}', stack).replace('{range}', '0-255'));
  }
  return files;
}

/**
 * A layer's font stack when the style writes it out (`["Noto Sans Regular"]` or `["literal", […]]`);
 * null for an expression (`["get", "font"]`: its operator is a lower-case word, a font's name is not).
 */
function fontStackOf(font: unknown): string | null {
  if (Array.isArray(font) && font[0] === 'literal') return fontStackOf(font[1]);
  if (!Array.isArray(font) || font.length === 0 || !font.every((f) => typeof f === 'string')) return null;
  return /^[a-z-]+$/.test(font[0] as string) ? null : font.join(',');
}

/**
 * The build's files the maps need, left out of the install: maplibre with the maps' shared setup
 * (map-base), its worker, and each map's own chunk (the shop's points, the courier's round).
 */
export const MAP_CODE = /\/assets\/(delivery-map|round-map|map-base|maplibre-gl-worker)-[\w-]+\.(js|css)$/;
