import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { useHydratedValue } from '../../../lib/use-hydrated';
import { openPanel } from '../../../lib/panel-history';
import type { Cart } from '../../../shared/api/cart';
import { formatEuros } from '../../../shared/money';
import { cartCount, itemsTotal, splitLines } from '../cart-rules';
import { cartState } from '../cart-store';
import styles from './cart-summary.module.css';

/**
 * The cart beside the catalog on a wide screen: what is in it and its total, and the way to the
 * cart itself (where quantities, delivery and payment are). The cart is the visitor's own, so the
 * server draws the empty card and the lines come once the page is the browser's.
 */
export function CartSummary() {
  const { cart } = useSnapshot(cartState) as { cart: Cart | null };
  const count = useHydratedValue(cartCount(cart), 0);
  const { formulas, dishes } = cart && count > 0 ? splitLines(cart) : { formulas: [], dishes: [] };
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title" className={styles.title}>
        Mon panier
      </h2>
      {count === 0 ? (
        <p className={styles.empty}>Votre panier est vide : composez une formule ou ajoutez un plat.</p>
      ) : (
        <>
          <ul className={styles.lines}>
            {[...formulas, ...dishes].map((line) => (
              <li key={line.unique_id} className={styles.line}>
                <span>
                  {line.quantity} × {line.product_name}
                </span>
                <span className={styles.price}>{formatEuros(line.unit_price * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.total}>
            <span>Sous-total</span>
            <strong>{formatEuros(itemsTotal(cart!))}</strong>
          </p>
          <Button onClick={() => openPanel('cart')}>Voir mon panier</Button>
        </>
      )}
    </section>
  );
}
