import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LinkButton } from '../../../components/ui/link-button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { PanelSection } from '../../../components/ui/panel-section';
import { useOnline } from '../../../lib/connection-store';
import type { Cart } from '../../../shared/api/cart';
import { DIFFERENT_POINT_WARNING } from '../../../shared/api/delivery';
import { formatEuros } from '../../../shared/money';
import { frenchClock } from '../../../shared/time';
import { cartState } from '../cart-store';
import { cartCount, itemsTotal, needsPointWarning, splitLines } from '../cart-rules';
import { CartBonuses, CartDeposits } from './cart-extras';
import { CartLines } from './cart-lines';
import { PromoCode } from './promo-code';
import { PendingPayment } from './pending-payment';
import styles from './cart-modal.module.css';

export type AccountMode = 'login' | 'signup';

interface CartModalProps {
  open: boolean;
  onClose: () => void;
  /** The delivery point, date and window with its change / choose button. */
  delivery: ReactNode;
  /** The chosen delivery's location, and the customer's usual one (for the one-time warning). */
  locationId: number | null;
  usualLocationId: number | null;
  customer: { email: string; phone: string } | null;
  bonuses: { cutlery: boolean; toteBags: boolean };
  /** The login / signup forms of the cart's account panel. */
  renderAccount: (mode: AccountMode) => ReactNode;
  /** The hand-over to payment (a free order or the payment modal); may take a moment. */
  onCheckout: (cart: Cart) => Promise<void> | void;
  onChooseDelivery: () => void;
}


/** The cart modal: empty state, or the order, bonuses, delivery, deposits, promo and payment. */
export function CartModal(props: CartModalProps) {
  const { open, onClose } = props;
  const { cart } = useSnapshot(cartState) as { cart: Cart | null };
  const [panel, setPanel] = useState<'cart' | AccountMode>('cart');
  const [wasOpen, setWasOpen] = useState(open);
  // The account panel starts over each time the cart opens or closes.
  if (wasOpen !== open) {
    setWasOpen(open);
    setPanel('cart');
  }
  // Logged in from the panel: back to the cart, now with the customer's details.
  if (props.customer && panel !== 'cart') setPanel('cart');

  // The button pressed to switch panels is gone with its panel: the focus goes to the new panel's
  // first field (the login form arrives lazily: waited for), or back to the payment button.
  const accountRef = useRef<HTMLDivElement>(null);
  const shown = useRef(panel);
  useEffect(() => {
    const before = shown.current;
    shown.current = panel;
    if (!open || before === panel) return;
    if (panel === 'cart') {
      if (document.activeElement === document.body) document.querySelector<HTMLElement>('[data-cart-pay]')?.focus();
      return;
    }
    const node = accountRef.current;
    if (!node) return;
    // Visible only: while the next form loads, the previous one is kept, hidden, behind the fallback.
    const firstField = () => [...node.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea')].find((el) => el.getClientRects().length > 0);
    const found = firstField();
    if (found) return void found.focus();
    const watcher = new MutationObserver(() => {
      const field = firstField();
      if (!field) return;
      watcher.disconnect();
      field.focus();
    });
    watcher.observe(node, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] });
    return () => watcher.disconnect();
  }, [open, panel]);

  const empty = !cart || cartCount(cart) === 0;
  return (
    <Dialog open={open} title={panel === 'cart' ? 'Mon panier' : panel === 'login' ? 'Mon compte' : 'Nouveau compte'} onClose={onClose} placement="panel-right">
      {panel !== 'cart' ? (
        <div className={styles.account} ref={accountRef}>
          <Button variant="ghost" size="sm" className={styles.back} onClick={() => setPanel('cart')}>
            ← Retour
          </Button>
          {props.renderAccount(panel)}
          <p className={styles.switch}>
            {panel === 'login' ? 'Pas encore de compte ?' : 'Déjà client ?'}{' '}
            <LinkButton onClick={() => setPanel(panel === 'login' ? 'signup' : 'login')}>{panel === 'login' ? 'Créer un compte' : 'Se connecter'}</LinkButton>
          </p>
        </div>
      ) : empty ? (
        <EmptyCart />
      ) : (
        <FilledCart {...props} cart={cart} onLogin={() => setPanel('login')} />
      )}
    </Dialog>
  );
}

function EmptyCart() {
  return (
    <div className={styles.empty}>
      <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
        <ellipse cx="60" cy="78" rx="44" ry="6" fill="#fbeee0" />
        <path d="M22 40h76a38 30 0 0 1-76 0z" fill="#b8452e" />
        <rect x="16" y="35" width="88" height="8" rx="4" fill="#933521" />
        <path d="M48 26c-4-6 4-8 0-16M60 26c-4-6 4-8 0-16M72 26c-4-6 4-8 0-16" stroke="#f2a541" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      <p className={styles.emptyText}>Votre panier est vide</p>
      <Link to="/passer-commande" className={buttonClass('primary')} replace>
        Commander
      </Link>
    </div>
  );
}

function FilledCart({ cart, customer, delivery, bonuses, locationId, usualLocationId, onCheckout, onChooseDelivery, onLogin }: CartModalProps & { cart: Cart; onLogin: () => void }) {
  const { expiresAt } = useSnapshot(cartState);
  const { formulas, dishes } = splitLines(cart);
  const [warned, setWarned] = useState(false);
  const [notice, setNotice] = useState<'point' | 'delivery' | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();

  async function onPay() {
    if (!customer) return onLogin();
    if (locationId === null) {
      setNotice('delivery');
      return onChooseDelivery();
    }
    // Paying for another point than the usual one is confirmed by a second click.
    if (!warned && needsPointWarning({ loggedIn: true, locationId, usualLocationId })) {
      setWarned(true);
      setNotice('point');
      return;
    }
    setNotice(null);
    setBusy(true);
    try {
      await onCheckout(cart);
    } finally {
      setBusy(false);
    }
  }

  return (
    // Offline the cart is read-only: a disabled fieldset disables every control in it at once.
    <fieldset className={styles.filled} disabled={!online}>
      <OfflineReason offline={!online}>Hors connexion, votre panier est en lecture seule : il vous attend tel quel au retour du réseau.</OfflineReason>
      <PanelSection title="Votre commande">
        <CartLines lines={[...formulas, ...dishes]} />
        {expiresAt ? <p className={styles.muted}>Vos plats vous sont réservés jusqu’à {frenchClock(new Date(expiresAt))}.</p> : null}
      </PanelSection>
      {/* Cutlery and tote bags come with formulas (one each per formula): none to offer without one. */}
      {(bonuses.cutlery || bonuses.toteBags) && formulas.length > 0 ? (
        <PanelSection title="Un petit bonus ?">
          <CartBonuses cart={cart} cutlery={bonuses.cutlery} toteBags={bonuses.toteBags} />
        </PanelSection>
      ) : null}
      <p className={styles.total}>
        <span>Total de la commande</span>
        <strong data-testid="cart-items-total">{formatEuros(itemsTotal(cart))}</strong>
      </p>
      <PanelSection title="Livraison">{delivery}</PanelSection>
      <PanelSection title="Vos informations">
        {customer ? (
          <p className={styles.customer}>
            <span>{customer.email}</span>
            <span>{customer.phone}</span>
          </p>
        ) : (
          <p className={styles.muted}>Vous n'êtes pas connecté.</p>
        )}
      </PanelSection>
      <PanelSection title="Vos consignes">
        <CartDeposits cart={cart} />
        <p className={styles.total}>
          <span>Total consigne</span>
          <strong data-testid="cart-total-deposit">{formatEuros(cart.total_deposit)}</strong>
        </p>
      </PanelSection>
      <PanelSection title="Code promo">
        <PromoCode cart={cart} />
      </PanelSection>
      <div className={styles.footer}>
        {cart.payment_pending ? <PendingPayment /> : null}
        {notice === 'point' ? <Alert tone="info">{DIFFERENT_POINT_WARNING}</Alert> : null}
        {notice === 'delivery' ? <Alert tone="info">Choisissez d’abord votre point de livraison.</Alert> : null}
        <p className={styles.final}>
          <span>À payer</span>
          <strong data-testid="cart-final-price">{cart.final_price} €</strong>
        </p>
        <Button className={styles.pay} busy={busy} onClick={() => void onPay()} data-cart-pay>
          Passer au paiement
        </Button>
        <OfflineReason offline={!online} />
      </div>
    </fieldset>
  );
}
