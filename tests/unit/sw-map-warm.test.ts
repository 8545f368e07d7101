import { describe, expect, it } from 'vitest';
import { MAP_CODE, sourcesOf, styleFilesOf, tileJsonSource, tileOf, tilesAround, tileUrl, type MapStyle } from '../../sw/map-warm';

// Two delivery points of the demo, 2 km apart (Bellecour and Part-Dieu).
const BELLECOUR = { latitude: 45.75781, longitude: 4.83201 };
const PART_DIEU = { latitude: 45.76071, longitude: 4.85949 };

describe('map warm-up: which tiles', () => {
  it('finds the XYZ tile of a point (checked against the slippy-map formula at known places)', () => {
    expect(tileOf({ latitude: 0, longitude: 0 }, 1)).toEqual({ z: 1, x: 1, y: 1 });
    expect(tileOf({ latitude: 85, longitude: -180 }, 2)).toEqual({ z: 2, x: 0, y: 0 });
    // The tile found holds the point: its corners, worked back to degrees, surround it.
    const { x, y } = tileOf(BELLECOUR, 14);
    const lng = (x: number) => (x / 2 ** 14) * 360 - 180;
    const lat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** 14))) * 180) / Math.PI;
    expect(lng(x)).toBeLessThanOrEqual(BELLECOUR.longitude);
    expect(lng(x + 1)).toBeGreaterThan(BELLECOUR.longitude);
    expect(lat(y)).toBeGreaterThanOrEqual(BELLECOUR.latitude);
    expect(lat(y + 1)).toBeLessThan(BELLECOUR.latitude);
  });

  it('covers the points’ box with a tile of margin where it is small, widest zoom first', () => {
    const tiles = tilesAround([BELLECOUR, PART_DIEU], 12, 13);
    const z12 = tiles.filter((t) => t.z === 12);
    // At zoom 12 the points lie in two tiles side by side: with the margin, 4 × 3.
    expect(z12).toHaveLength(12);
    expect(tiles.findIndex((t) => t.z === 13)).toBe(12);
    const [a, b] = [tileOf(BELLECOUR, 12), tileOf(PART_DIEU, 12)];
    expect(z12).toContainEqual({ z: 12, x: Math.max(a.x, b.x) + 1, y: a.y - 1 });
    expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(tiles.length);
  });

  it('closer in, each point with the 8 tiles about it, never twice', () => {
    // Points far apart (Bellecour and Saint-Priest, 12 km) make a box too large at zoom 14.
    const far = { latitude: 45.7, longitude: 4.95 };
    const tiles = tilesAround([BELLECOUR, far], 14, 14);
    expect(tiles).toHaveLength(18);
    const around = tileOf(BELLECOUR, 14);
    expect(tiles).toContainEqual({ z: 14, x: around.x + 1, y: around.y - 1 });
    expect(tilesAround([BELLECOUR, BELLECOUR], 14, 14)).toHaveLength(9);
  });

  it('has nothing to fetch without points', () => {
    expect(tilesAround([], 12, 14)).toEqual([]);
  });

  it('writes a tile’s address from its template', () => {
    expect(tileUrl('https://tiles.openfreemap.org/planet/20250101_001001_pt/{z}/{x}/{y}.pbf', { z: 14, x: 8412, y: 5848 })).toBe(
      'https://tiles.openfreemap.org/planet/20250101_001001_pt/14/8412/5848.pbf',
    );
  });
});

describe('map warm-up: what the style names', () => {
  // The shape of OpenFreeMap's "liberty" style: a vector source behind a TileJSON, a sprite, glyphs.
  const liberty: MapStyle = {
    sources: {
      openmaptiles: { type: 'vector', url: 'https://tiles.openfreemap.org/planet' },
      ne2_shaded: { type: 'raster', tiles: ['https://tiles.openfreemap.org/natural_earth/ne2sr/{z}/{x}/{y}.png'], maxzoom: 6 },
      points: { type: 'geojson' },
    },
    sprite: 'https://tiles.openfreemap.org/sprites/ofm_f384/ofm',
    glyphs: 'https://tiles.openfreemap.org/fonts/{fontstack}/{range}.pbf',
    layers: [
      { layout: { 'text-font': ['Noto Sans Regular'] } },
      { layout: { 'text-font': ['Noto Sans Italic'] } },
      { layout: { 'text-font': ['Noto Sans Regular'] } },
      { layout: { 'text-font': ['get', 'font'] } },
      {},
    ],
  };

  it('lists inline tile sources and the TileJSON ones to read', () => {
    expect(sourcesOf(liberty)).toEqual({
      inline: [{ template: 'https://tiles.openfreemap.org/natural_earth/ne2sr/{z}/{x}/{y}.png', minzoom: 0, maxzoom: 6 }],
      tileJson: ['https://tiles.openfreemap.org/planet'],
    });
    expect(tileJsonSource({ tiles: ['https://t.example/{z}/{x}/{y}.pbf'], minzoom: 0, maxzoom: 14 })).toEqual({ template: 'https://t.example/{z}/{x}/{y}.pbf', minzoom: 0, maxzoom: 14 });
    expect(tileJsonSource({})).toBeNull();
  });

  it('names the sprite at the screen’s ratio and one Latin glyph range per font stack', () => {
    expect(styleFilesOf(liberty, 3)).toEqual([
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.json',
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.png',
      'https://tiles.openfreemap.org/fonts/Noto Sans Regular/0-255.pbf',
      'https://tiles.openfreemap.org/fonts/Noto Sans Italic/0-255.pbf',
    ]);
    expect(styleFilesOf({ sprite: [{ id: 'default', url: 'https://s.example/sprite' }] }, 1)).toEqual(['https://s.example/sprite.json', 'https://s.example/sprite.png']);
    expect(styleFilesOf({}, 1)).toEqual([]);
  });

  it('knows the map’s build files among the others', () => {
    expect(MAP_CODE.test('/assets/delivery-map-Dbp5o9BB.js')).toBe(true);
    expect(MAP_CODE.test('/assets/delivery-map-DNrh3jPS.css')).toBe(true);
    expect(MAP_CODE.test('/assets/maplibre-gl-worker-DTh23QKw.js')).toBe(true);
    expect(MAP_CODE.test('/assets/map-base-CujWhOoC.js')).toBe(true);
    expect(MAP_CODE.test('/assets/map-base-qvkd0SPb.css')).toBe(true);
    expect(MAP_CODE.test('/assets/round-map-BxYGnVFU.js')).toBe(true);
    expect(MAP_CODE.test('/assets/index-Ab12.js')).toBe(false);
  });
});
