import type { ReactNode } from 'react';
import type { CatalogProduct } from '../../../shared/api/catalog';
import { COURSES } from '../../../shared/courses';
import { DishCard } from './dish-card';
import styles from './dish-grid.module.css';

/** A column's width: half the page on a phone, a third of the main column from 960 px. */
const CARD_SIZES = '(min-width: 960px) 22vw, 46vw';

/** Every dish of the day, by course, on the order page. */
export function DishGrid({ products, action }: { products: CatalogProduct[]; action?: (product: CatalogProduct) => ReactNode }) {
  if (products.length === 0) return <p className={styles.empty}>Aucun plat n’est au menu ce jour-là.</p>;
  return (
    <div className={styles.sections}>
      {COURSES.map(({ category, title }) => {
        const items = products.filter((p) => p.category === category);
        if (!items.length) return null;
        return (
          <section key={category} aria-labelledby={`dishes-${category}`}>
            <h3 id={`dishes-${category}`} className={styles.title}>
              {title}
            </h3>
            <ul className={styles.grid}>
              {items.map((p) => (
                <li key={p.id}>
                  <DishCard product={p} base="/passer-commande" sizes={CARD_SIZES} action={action?.(p)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
