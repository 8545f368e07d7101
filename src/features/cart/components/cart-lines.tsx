import { useSnapshot } from 'valtio';
import { Stepper } from '../../../components/ui/stepper';
import { coverOf } from '../../../lib/cover';
import type { CartProduct } from '../../../shared/api/cart';
import { CART_LINE_MAX_QUANTITY } from '../../../shared/constants';
import { formatEuros } from '../../../shared/money';
import { decrement, increment } from '../api/cart-calls';
import { cartState } from '../cart-store';
import styles from './cart-modal.module.css';

/** 'Votre commande': each formula with its dishes, then each dish, with a quantity stepper. */
export function CartLines({ lines }: { lines: CartProduct[] }) {
  const { pending } = useSnapshot(cartState);
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.unique_id} className={styles.line} data-testid="cart-line">
          <img src={coverOf(line)} alt="" width="56" height="42" className={styles.thumb} loading="lazy" />
          <div className={styles.lineText}>
            <span className={styles.lineName}>{line.product_name}</span>
            {line.sub_products ? (
              <ul className={styles.subProducts}>
                {line.sub_products.map((s) => (
                  <li key={`${s.category_id}-${s.product_id}`}>
                    {s.extra ? '+ ' : ''}
                    {s.product_name}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {/* Price and quantity under the name: the name keeps the panel's width on a phone. */}
          <div className={styles.lineFoot}>
            <span className={styles.linePrice}>{formatEuros(line.unit_price * line.quantity)}</span>
            <Stepper
              value={line.quantity}
              label={line.product_name}
              busy={Boolean(pending[`line-${line.unique_id}`])}
              canIncrement={line.quantity < CART_LINE_MAX_QUANTITY}
              onIncrement={() => void increment(line.unique_id)}
              onDecrement={() => void decrement(line.unique_id)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
