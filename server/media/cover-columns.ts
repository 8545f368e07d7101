import type { CoverImage } from '#shared/api/cover-image';
import { variantsOf } from '#shared/cover-rules';
import type { products } from '../db/schema';

type ProductRow = typeof products.$inferSelect;

/**
 * A processed photo as the products row keeps it. cover_url, the one-address picture (cart
 * thumbnails, older clients), becomes the photo's narrowest WebP.
 */
export function coverColumns(cover: CoverImage) {
  return {
    coverUrl: variantsOf(cover, 'webp')[0]?.url ?? cover.variants[0]!.url,
    coverWidth: cover.width,
    coverHeight: cover.height,
    coverPlaceholder: cover.placeholder,
    coverVariants: cover.variants,
  };
}

/** Setting a drawing or an address (or nothing) forgets any photo the dish had. */
export const noPhotoColumns = { coverWidth: null, coverHeight: null, coverPlaceholder: null, coverVariants: null };

/** The photo of a row, or null for a dish shown by its drawing. */
export function coverOfRow(row: Pick<ProductRow, 'coverWidth' | 'coverHeight' | 'coverPlaceholder' | 'coverVariants'>): CoverImage | null {
  if (row.coverWidth === null || row.coverHeight === null || row.coverPlaceholder === null || !row.coverVariants?.length) return null;
  return { width: row.coverWidth, height: row.coverHeight, placeholder: row.coverPlaceholder, variants: row.coverVariants };
}
