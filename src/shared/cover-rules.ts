import type { CoverImage, ImageFormat, ImageVariant } from './api/cover-image';

/*
 * Which variant of a dish photo to use where: the page's srcset, the link preview (og:image) and
 * the service worker's offline warm-up read the same rules.
 */

/** The widths of one format, narrowest first. */
export function variantsOf(cover: CoverImage, format: ImageFormat): ImageVariant[] {
  return cover.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
}

/** `url 320w, url 640w, …` for a <source> of that format; empty when the photo has none. */
export function srcsetOf(cover: CoverImage, format: ImageFormat): string {
  return variantsOf(cover, format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/** Link previews ask for at least 1200 px wide (Facebook, LinkedIn); narrower photos give their widest. */
export const PREVIEW_MIN_WIDTH = 1200;

/**
 * The picture a shared link shows: a JPEG (every site reads it), else a WebP, at least
 * PREVIEW_MIN_WIDTH wide when the photo has one, else the widest there is; null when it has neither.
 */
export function previewVariant(cover: CoverImage): ImageVariant | null {
  const candidates = [...variantsOf(cover, 'jpeg'), ...variantsOf(cover, 'webp')];
  return candidates.find((v) => v.width >= PREVIEW_MIN_WIDTH) ?? candidates.sort((a, b) => b.width - a.width)[0] ?? null;
}

/** What a dish card asks for at its usual size (a 2× phone or a 1× desktop column): kept for offline reading. */
export const OFFLINE_CARD_WIDTH = 640;

/**
 * The one variant the service worker fetches ahead for offline reading: the AVIF nearest above the
 * card's usual width (every browser with a service worker that shows our AVIF source picks it).
 * Offline, any other variant of the same photo is answered from it (sw/sw.ts).
 */
export function offlineVariant(cover: CoverImage): ImageVariant | null {
  const list = variantsOf(cover, 'avif');
  const fallback = list.length > 0 ? list : variantsOf(cover, 'webp');
  return fallback.find((v) => v.width >= OFFLINE_CARD_WIDTH) ?? fallback.at(-1) ?? null;
}

/**
 * The address every variant of one photo shares (`/media/<hash>-`): offline, a variant not kept
 * is answered with a kept one of the same photo. Null for an address that is not a variant.
 */
export function photoKeyOf(pathname: string): string | null {
  const match = /^(\/media\/[0-9a-f]{16})-\d+\.(avif|webp|jpg)$/.exec(pathname);
  return match ? `${match[1]}-` : null;
}
