import { describe, expect, it } from 'vitest';
import { clusterLabel, clusterPins, type ScreenPin } from '../../src/features/delivery/map-clusters';

const pin = (id: number, x: number, y: number): ScreenPin => ({ id, index: id, x, y });
const ids = (groups: ScreenPin[][]) => groups.map((g) => g.map((p) => p.id));

describe('clusterPins', () => {
  it('leaves pins apart as they are', () => {
    expect(ids(clusterPins([pin(1, 0, 0), pin(2, 100, 0), pin(3, 0, 100)]))).toEqual([[1], [2], [3]]);
  });

  it('gathers pins that would overlap, in list order', () => {
    expect(ids(clusterPins([pin(9, 5, 5), pin(1, 0, 0), pin(2, 200, 0), pin(3, 20, 0)]))).toEqual([[1, 3, 9], [2]]);
  });

  it('gathers around the first pin only: a chain of neighbours is not one cluster', () => {
    expect(ids(clusterPins([pin(1, 0, 0), pin(2, 30, 0), pin(3, 60, 0)]))).toEqual([[1, 2], [3]]);
  });

  it('gathers pins on the very same spot', () => {
    expect(ids(clusterPins([pin(1, 7, 7), pin(2, 7, 7)]))).toEqual([[1, 2]]);
  });
});

describe('clusterLabel', () => {
  it('says how many points and which', () => {
    expect(clusterLabel([{ index: 1, name: 'Part-Dieu' }, { index: 9, name: 'Lugdunéo' }])).toBe('2 points de livraison : 1. Part-Dieu, 9. Lugdunéo');
  });
});
