import type { ReactNode } from 'react';
import { useAppState, useSettings } from '../../../lib/app-state';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel, openPanel } from '../../../lib/panel-history';
import type { Cart } from '../../../shared/api/cart';
import { CartModal, type AccountMode } from './cart-modal';

/** What the cart shows of other features, given by the app: the chosen delivery, the login and sign-up forms, the way to payment. */
export interface CartPanelParts {
  delivery: ReactNode;
  renderAccount: (mode: AccountMode) => ReactNode;
  onCheckout: (cart: Cart) => Promise<void> | void;
}

/** The cart panel (`?volet=panier`), with the visitor's details and the shop's bonuses. */
export function CartPanel({ open, delivery, renderAccount, onCheckout }: OverlayProps & CartPanelParts) {
  const { data: state } = useAppState();
  const settings = useSettings();
  return (
    <CartModal
      open={open}
      onClose={() => closePanel('cart')}
      delivery={delivery}
      locationId={state?.current_delivery?.delivery_location.id ?? null}
      usualLocationId={state?.usual_delivery_location_id ?? null}
      customer={state?.customer ?? null}
      bonuses={{ cutlery: settings.enable_cutlery === '1', toteBags: settings.enable_tote_bags === '1' }}
      renderAccount={renderAccount}
      onCheckout={onCheckout}
      onChooseDelivery={() => openPanel('deliverySelector', { returning: true })}
    />
  );
}
