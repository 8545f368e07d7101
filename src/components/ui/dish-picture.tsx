import type { CoverImage } from '../../shared/api/cover-image';
import { srcsetOf, variantsOf } from '../../shared/cover-rules';
import { coverOf } from '../../lib/cover';
import styles from './dish-picture.module.css';

interface DishPictureProps {
  product: { cover_url: string | null; cover?: CoverImage | null };
  /** How wide the picture shows at each viewport width (the `sizes` attribute): the browser picks the variant. */
  sizes: string;
  className?: string;
  /** The first picture a visitor sees: fetched at once, at high priority; the others wait until scrolled near. */
  priority?: boolean;
  /** The drawings' box (4:3); a photo gives its own size. */
  width?: number;
  height?: number;
}

/**
 * Every dish picture of the site. A photo is a <picture> of its AVIF then WebP variants (srcset,
 * sizes), its original's width and height so the page does not move when it arrives, and its tiny
 * blurred copy as background meanwhile; a dish without a photo shows its drawing (or the covered
 * plate). The <img> keeps the caller's class, so the card's and the detail's CSS apply to both.
 */
export function DishPicture({ product, sizes, className, priority = false, width = 400, height = 300 }: DishPictureProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const cover = product.cover;
  if (!cover) {
    return <img className={className} src={coverOf(product)} alt="" width={width} height={height} loading={loading} fetchPriority={fetchPriority} decoding="async" />;
  }
  const fallback = variantsOf(cover, 'webp')[0]?.url ?? coverOf(product);
  return (
    <picture className={styles.picture}>
      <source type="image/avif" srcSet={srcsetOf(cover, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcsetOf(cover, 'webp')} sizes={sizes} />
      <img
        className={className}
        src={fallback}
        alt=""
        width={cover.width}
        height={cover.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        // Inline, so a caller's `background` shorthand (a plain colour behind drawings) cannot reset it.
        style={{ backgroundImage: `url("${cover.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center', backgroundRepeat: 'no-repeat' }}
      />
    </picture>
  );
}
