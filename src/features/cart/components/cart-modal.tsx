import { Link } from '@tanstack/react-router';
import { Dialog } from '../../../components/ui/dialog';
import { buttonClass } from '../../../components/ui/button';
import type { Cart } from '../../../shared/api/cart';
import styles from './cart-modal.module.css';

interface CartModalProps {
  open: boolean;
  cart: Cart | null;
  onClose: () => void;
}

/** Items in a cart: the header badge's count. */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.products.reduce((n, p) => n + p.quantity, 0) : 0;
}

/** The cart modal (shop.md §2). */
export function CartModal({ open, cart, onClose }: CartModalProps) {
  const empty = cartCount(cart) === 0;
  return (
    <Dialog open={open} title="Mon panier" onClose={onClose} placement="panel-right">
      {empty ? (
        <div className={styles.empty}>
          <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
            <ellipse cx="60" cy="78" rx="44" ry="6" fill="#fbeee0" />
            <path d="M22 40h76a38 30 0 0 1-76 0z" fill="#b8452e" />
            <rect x="16" y="35" width="88" height="8" rx="4" fill="#933521" />
            <path d="M48 26c-4-6 4-8 0-16M60 26c-4-6 4-8 0-16M72 26c-4-6 4-8 0-16" stroke="#f2a541" strokeWidth="3" fill="none" strokeLinecap="round" />
          </svg>
          <p className={styles.emptyText}>Votre panier est vide</p>
          <Link to="/passer-commande" className={buttonClass('primary')} onClick={onClose}>
            Commander
          </Link>
        </div>
      ) : null}
    </Dialog>
  );
}
