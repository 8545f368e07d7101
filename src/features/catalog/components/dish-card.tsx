import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { CatalogProduct } from '../../../shared/api/catalog';
import { formatEuros } from '../../../shared/money';
import { DishPicture } from '../../../components/ui/dish-picture';
import styles from './dish-card.module.css';

interface DishCardProps {
  product: CatalogProduct;
  /** Where the detail opens: over the home page or over the order page. */
  base: '/' | '/passer-commande';
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** How wide the card's picture shows (the list's columns): see DishPicture. */
  sizes: string;
  /** The add-to-cart button, composed by the route. */
  action?: ReactNode;
}

/** A dish: picture, name, tags and price; the whole card opens its detail. */
export function DishCard({ product, base, eager = false, sizes, action }: DishCardProps) {
  const to = base === '/' ? '/$slug' : '/passer-commande/$slug';
  return (
    <article className={styles.card} data-sold-out={product.sold_out || undefined}>
      <DishPicture className={styles.cover} product={product} sizes={sizes} priority={eager} />
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={to} params={{ slug: product.slug }} className={styles.link}>
            {product.name}
          </Link>
        </h3>
        <p className={styles.description}>{product.short_description}</p>
        <div className={styles.meta}>
          <span className={styles.price}>{formatEuros(product.price)}</span>
          {product.sold_out ? <Badge tone="danger">Épuisé</Badge> : null}
          {product.tags
            .filter((t) => t !== 'fait maison')
            .slice(0, 2)
            .map((t) => (
              <Badge key={t} tone="green">
                {t}
              </Badge>
            ))}
        </div>
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </article>
  );
}
