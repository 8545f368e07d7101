import { describe, expect, it } from 'vitest';
import type { CoverImage } from '../../src/shared/api/cover-image';
import { offlineVariant, photoKeyOf, previewVariant, srcsetOf } from '../../src/shared/cover-rules';
import { planVariants, planWidths, scaledHeight, variantName, VARIANT_WIDTHS } from '../../server/media/variant-plan';

const HASH = '0123456789abcdef';

describe('variant planning', () => {
  it('makes every width up to the original, never wider', () => {
    expect(VARIANT_WIDTHS).toEqual([320, 640, 960, 1280]);
    expect(planWidths(4032)).toEqual([320, 640, 960, 1280]);
    expect(planWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(planWidths(1279)).toEqual([320, 640, 960]);
    expect(planWidths(700)).toEqual([320, 640]);
    expect(planWidths(320)).toEqual([320]);
  });

  it('keeps a photo narrower than the smallest width at its own width', () => {
    expect(planWidths(200)).toEqual([200]);
    expect(planVariants(HASH, { width: 200, height: 150 }).map((v) => `${v.format} ${v.width}×${v.height}`)).toEqual(['avif 200×150', 'webp 200×150', 'jpeg 200×150']);
  });

  it('keeps the proportions, rounded, at least one pixel high', () => {
    expect(scaledHeight({ width: 4032, height: 3024 }, 640)).toBe(480);
    expect(scaledHeight({ width: 1000, height: 333 }, 320)).toBe(107);
    expect(scaledHeight({ width: 5000, height: 2 }, 320)).toBe(1);
  });

  it('names files by the photo’s hash and width: AVIF and WebP at each width, one JPEG at the widest', () => {
    expect(variantName(HASH, 640, 'jpeg')).toBe(`${HASH}-640.jpg`);
    expect(planVariants(HASH, { width: 1600, height: 1200 }).map((v) => v.name)).toEqual([
      `${HASH}-320.avif`,
      `${HASH}-640.avif`,
      `${HASH}-960.avif`,
      `${HASH}-1280.avif`,
      `${HASH}-320.webp`,
      `${HASH}-640.webp`,
      `${HASH}-960.webp`,
      `${HASH}-1280.webp`,
      `${HASH}-1280.jpg`,
    ]);
  });
});

function cover(width: number, height: number): CoverImage {
  return {
    width,
    height,
    placeholder: 'data:image/webp;base64,AAAA',
    variants: planVariants(HASH, { width, height }).map((v) => ({ format: v.format, width: v.width, height: v.height, url: `/media/${v.name}` })),
  };
}

describe('which variant goes where', () => {
  it('lists a format’s variants for srcset, narrowest first', () => {
    expect(srcsetOf(cover(1000, 750), 'webp')).toBe(`/media/${HASH}-320.webp 320w, /media/${HASH}-640.webp 640w, /media/${HASH}-960.webp 960w`);
  });

  it('shares links with the widest JPEG, with its size', () => {
    expect(previewVariant(cover(1600, 1200))).toEqual({ format: 'jpeg', width: 1280, height: 960, url: `/media/${HASH}-1280.jpg` });
    expect(previewVariant(cover(500, 400))?.width).toBe(320);
  });

  it('keeps for offline reading the AVIF a card asks for', () => {
    expect(offlineVariant(cover(1600, 1200))?.url).toBe(`/media/${HASH}-640.avif`);
    expect(offlineVariant(cover(500, 400))?.url).toBe(`/media/${HASH}-320.avif`);
  });

  it('tells variants of the same photo apart from other addresses', () => {
    expect(photoKeyOf(`/media/${HASH}-960.webp`)).toBe(`/media/${HASH}-`);
    expect(photoKeyOf(`/media/${HASH}-1280.jpg`)).toBe(photoKeyOf(`/media/${HASH}-320.avif`));
    expect(photoKeyOf('/images/dishes/quenelle-nantua.svg')).toBeNull();
    expect(photoKeyOf(`/media/${HASH}.json`)).toBeNull();
  });
});
