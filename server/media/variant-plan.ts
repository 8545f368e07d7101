import type { ImageFormat } from '#shared/api/cover-image';

/*
 * What the pipeline makes of one photo (docs/decisions/0010-dish-photos.md): a few widths in AVIF
 * and WebP for srcset, one JPEG for link previews, never wider than the original. Pure, so the
 * rules are tested without encoding anything.
 */

/** Card on a phone at 1× to a dish page on a 2× laptop screen. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** Bumped when the encoding settings change: new names, so no browser keeps an old file under a new look. */
export const PIPELINE_VERSION = 1;

export interface PlannedVariant {
  format: ImageFormat;
  width: number;
  height: number;
  /** File name in the media directory: `<hash>-<width>.<ext>`. */
  name: string;
}

const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The widths to make for an original `width` pixels wide: never upscaled; a narrow photo keeps its own width. */
export function planWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

/** A variant's height: the original's proportions, rounded, at least 1 pixel. */
export function scaledHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

export function variantName(hash: string, width: number, format: ImageFormat): string {
  return `${hash}-${width}.${EXTENSIONS[format]}`;
}

/** Every file of a photo: AVIF and WebP at each width, narrowest first, then one JPEG at the widest. */
export function planVariants(hash: string, original: { width: number; height: number }): PlannedVariant[] {
  const widths = planWidths(original.width);
  const at = (format: ImageFormat, width: number): PlannedVariant => ({ format, width, height: scaledHeight(original, width), name: variantName(hash, width, format) });
  return [...widths.map((w) => at('avif', w)), ...widths.map((w) => at('webp', w)), at('jpeg', widths.at(-1)!)];
}
