import { z } from 'zod/mini';

/** The encodings a dish photo is served in: AVIF and WebP for pages, one JPEG for link previews. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** One file made from a dish photo: its format, size in pixels and address on the site (/media/…). */
export const imageVariantSchema = z.object({
  format: z.enum(IMAGE_FORMATS),
  width: z.int(),
  height: z.int(),
  url: z.string(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * A dish photo as the catalog import made it (docs/catalog-import.md): the original's size, which
 * sets the picture's proportions before it loads, a tiny blurred copy as a data: URL to show
 * meanwhile, and the variants for srcset. Null for a dish shown by its drawing (cover_url).
 */
export const coverImageSchema = z.object({
  width: z.int(),
  height: z.int(),
  placeholder: z.string(),
  variants: z.array(imageVariantSchema),
});
export type CoverImage = z.infer<typeof coverImageSchema>;
