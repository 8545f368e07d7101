import type { ReactNode } from 'react';
import styles from './order-page.module.css';

interface OrderPageProps {
  /** The chosen delivery (point, date, window) or the way to choose one. */
  delivery: ReactNode;
  /** The formulas and dishes of the delivery date. */
  catalog?: ReactNode;
  /** The cart summary beside the catalog on wide screens. */
  cart?: ReactNode;
}

/** /passer-commande: delivery first, then the day's formulas and dishes, the cart alongside. */
export function OrderPage({ delivery, catalog, cart }: OrderPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>Passer commande</h1>
        <p className={styles.lead}>Choisissez votre point de livraison, composez votre déjeuner, on s’occupe du reste.</p>
      </header>
      <section className={styles.delivery} aria-labelledby="order-delivery">
        <h2 id="order-delivery" className={styles.step}>
          <span aria-hidden="true">1</span> Votre livraison
        </h2>
        {delivery}
      </section>
      <div className={styles.columns}>
        <section className={styles.catalog} aria-labelledby="order-catalog">
          <h2 id="order-catalog" className={styles.step}>
            <span aria-hidden="true">2</span> Vos formules et plats
          </h2>
          {catalog}
        </section>
        {cart ? <aside className={styles.cart}>{cart}</aside> : null}
      </div>
    </div>
  );
}
