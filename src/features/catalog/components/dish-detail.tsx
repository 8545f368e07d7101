import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { ProductDetail } from '../../../shared/api/catalog';
import { formatEuros } from '../../../shared/money';
import { DishPicture } from '../../../components/ui/dish-picture';
import styles from './dish-detail.module.css';

/** The detail's column: the dialog's width on a large screen, the screen's on a phone. */
const DETAIL_SIZES = '(min-width: 48rem) 44rem, 100vw';

/** A dish in full: picture, price, description, ingredients, allergens, nutrition, formulas. */
export function DishDetail({ product, action }: { product: ProductDetail; action?: ReactNode }) {
  return (
    <article className={styles.detail}>
      <DishPicture className={styles.cover} product={product} sizes={DETAIL_SIZES} priority />
      <div className={styles.head}>
        <p className={styles.price}>{formatEuros(product.price)}</p>
        {!product.available ? (
          <Badge tone="danger">Pas au menu ce jour-là</Badge>
        ) : product.sold_out ? (
          <Badge tone="danger">Épuisé pour aujourd’hui</Badge>
        ) : null}
        {product.available && action ? <div className={styles.action}>{action}</div> : null}
      </div>
      <p className={styles.lead}>{product.short_description}</p>
      <p>{product.description}</p>
      {product.tags.length ? (
        <ul className={styles.tags} aria-label="Régime et labels">
          {product.tags.map((t) => (
            <li key={t}>
              <Badge tone="green">{t}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby={`ingredients-${product.id}`}>
        <h3 id={`ingredients-${product.id}`} className={styles.subtitle}>
          Ingrédients
        </h3>
        <p>{product.ingredients.join(', ')}.</p>
      </section>
      <section aria-labelledby={`allergens-${product.id}`}>
        <h3 id={`allergens-${product.id}`} className={styles.subtitle}>
          Allergènes
        </h3>
        <p>{product.allergens.length ? product.allergens.join(', ') : 'Aucun des 14 allergènes majeurs.'}</p>
      </section>
      {product.nutrition ? (
        <section aria-labelledby={`nutrition-${product.id}`}>
          <h3 id={`nutrition-${product.id}`} className={styles.subtitle}>
            Valeurs nutritionnelles (par portion)
          </h3>
          <dl className={styles.nutrition}>
            <div>
              <dt>Énergie</dt>
              <dd>{product.nutrition.kcal} kcal</dd>
            </div>
            <div>
              <dt>Protéines</dt>
              <dd>{product.nutrition.proteins_g} g</dd>
            </div>
            <div>
              <dt>Glucides</dt>
              <dd>{product.nutrition.carbs_g} g</dd>
            </div>
            <div>
              <dt>Lipides</dt>
              <dd>{product.nutrition.fat_g} g</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {product.menus.length ? (
        <p className={styles.menus}>
          Au choix dans : <strong>{product.menus.map((m) => m.name).join(', ')}</strong>
        </p>
      ) : null}
    </article>
  );
}
