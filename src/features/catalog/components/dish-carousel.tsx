import { useRef, useState, type PointerEvent } from 'react';
import type { CatalogProduct } from '../../../shared/api/catalog';
import { rotate, wrapIndex } from '../catalog-rules';
import { DishCard } from './dish-card';
import styles from './dish-carousel.module.css';

const SWIPE_THRESHOLD_PX = 40;

/**
 * The home page's dishes: a row that wraps around with previous / next, and follows a swipe on
 * touch screens. All dishes stay in the page (and in the accessibility tree) in rotated order.
 */
/** A slide's width: 72 % of the track on a phone, a third from 667 px, a quarter from 1100 px. */
const CARD_SIZES = '(min-width: 1100px) 22vw, (min-width: 667px) 30vw, 72vw';

export function DishCarousel({ products }: { products: CatalogProduct[] }) {
  const [start, setStart] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const move = (step: number) => setStart((s) => wrapIndex(s + step, products.length));

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) move(dx < 0 ? 1 : -1);
  }

  if (products.length === 0) return <p className={styles.empty}>Aucun plat n’est au menu ce jour-là.</p>;
  return (
    <div className={styles.carousel} role="group" aria-roledescription="carrousel" aria-label="Plats du jour">
      <ul className={styles.track} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipeFrom.current = null)}>
        {rotate(products, start).map((p, i) => (
          <li key={p.id} className={styles.slide} aria-label={`${wrapIndex(start + i, products.length) + 1} sur ${products.length}`}>
            <DishCard product={p} base="/" eager={i === 0} sizes={CARD_SIZES} />
          </li>
        ))}
      </ul>
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} onClick={() => move(-1)} aria-label="Plat précédent">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className={styles.arrow} onClick={() => move(1)} aria-label="Plat suivant">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
