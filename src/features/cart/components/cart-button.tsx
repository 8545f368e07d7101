import { useSnapshot } from 'valtio';
import { HeaderButton, HeaderButtonBadge } from '../../../components/ui/header-button';
import { openPanel } from '../../../lib/panel-history';
import type { Cart } from '../../../shared/api/cart';
import { cartCount } from '../cart-rules';
import { cartState } from '../cart-store';

/** The header's cart button and its count: it alone follows the cart's changes. */
export function CartButton() {
  const count = cartCount(useSnapshot(cartState).cart as Cart | null);
  return (
    <HeaderButton tone="primary" onClick={() => openPanel('cart')} aria-label={`Panier, ${count} article${count > 1 ? 's' : ''}`}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <HeaderButtonBadge testId="cart-badge">{count}</HeaderButtonBadge>
    </HeaderButton>
  );
}
