import type { CoverImage } from '../shared/api/cover-image';
import { previewVariant } from '../shared/cover-rules';

/** A dish without its own picture shows the covered plate, never a broken image. */
export const DISH_PLACEHOLDER = '/images/dishes/placeholder.svg';

export const coverOf = (product: { cover_url: string | null }) => product.cover_url ?? DISH_PLACEHOLDER;

/**
 * The picture a shared link shows (og:image, the Product's image): the photo's preview variant with
 * its size, else the dish's drawing, else none.
 */
export function sharedImageOf(product: { cover_url: string | null; cover: CoverImage | null }): { url: string; width?: number; height?: number } | null {
  const preview = product.cover ? previewVariant(product.cover) : null;
  if (preview) return { url: preview.url, width: preview.width, height: preview.height };
  return product.cover_url ? { url: product.cover_url } : null;
}
