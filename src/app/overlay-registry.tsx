import { lazy, Suspense, type ComponentType } from 'react';
import { accountOverlays } from '../features/account/account-overlays';
import { addMenu } from '../features/cart/api/cart-calls';
import { cartOverlays } from '../features/cart/cart-overlays';
import { cartState } from '../features/cart/cart-store';
import { catalogOverlays } from '../features/catalog/catalog-overlays';
import type { ComposedFormula } from '../features/catalog/components/formula-composer';
import { contactOverlays } from '../features/contact/contact-overlays';
import { ChosenDelivery } from '../features/delivery/components/chosen-delivery';
import { deliveryOverlays } from '../features/delivery/delivery-overlays';
import { paymentOverlays } from '../features/payment/payment-overlays';
import { LazyPushOffer } from '../features/push/lazy-push-offer';
import { useCheckout } from '../features/payment/use-payment-context';
import { shellOverlays } from '../features/shell/shell-overlays';
import type { OverlayProps } from '../lib/lazy-overlay';
import { openPanel } from '../lib/panel-history';
import { notify } from '../lib/snackbar-store';
import type { Volet } from '../shared/panels';

/*
 * Which component each panel's address draws. Each feature lists its own panels; a panel that
 * shows another feature's part (the cart's delivery and login, the composer's way to the cart) is
 * given it here, the one place features meet.
 */

const Composer = catalogOverlays.formule;
const Cart = cartOverlays.panier;
const Account = accountOverlays.compte;
const LoginForm = lazy(() => import('../features/account/components/login-form').then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import('../features/account/components/signup-form').then((m) => ({ default: m.SignupForm })));

/** The composer's "Ajouter au panier": the formula goes to the cart, and the customer is told. */
async function addComposedFormula(formula: ComposedFormula): Promise<boolean> {
  const { ok } = await addMenu(formula.formatted);
  if (ok) notify({ title: 'Ajouté au panier', message: `${formula.name} : ${formula.dishes}`, type: 'success' });
  return ok;
}

function ComposerOverlay({ open }: OverlayProps) {
  return <Composer open={open} onAdd={addComposedFormula} />;
}

function CartOverlay({ open }: OverlayProps) {
  const checkout = useCheckout();
  // Logged in or signed up from the cart: the refreshed cart goes straight on to payment.
  const continueToPayment = () => {
    const current = cartState.cart;
    if (current && current.products.length) void checkout(current);
  };
  return (
    <Cart
      open={open}
      delivery={<ChosenDelivery />}
      onCheckout={checkout}
      renderAccount={(mode) => (
        <Suspense fallback={<p role="status">Chargement…</p>}>
          {mode === 'login' ? <LoginForm onLoggedIn={continueToPayment} onForgotPassword={() => openPanel('passwordReset')} /> : <SignupForm onSignedUp={continueToPayment} />}
        </Suspense>
      )}
    />
  );
}

function AccountOverlay({ open }: OverlayProps) {
  return <Account open={open} delivery={<ChosenDelivery />} notices={<LazyPushOffer />} />;
}

export const OVERLAYS: Record<Volet, ComponentType<OverlayProps>> = {
  ...shellOverlays,
  ...contactOverlays,
  ...deliveryOverlays,
  ...paymentOverlays,
  'mot-de-passe': accountOverlays['mot-de-passe'],
  formule: ComposerOverlay,
  panier: CartOverlay,
  compte: AccountOverlay,
};

/** Kept mounted once opened: the cart, whose account panel and focus on closing outlive its opening. */
export const KEPT_MOUNTED: ReadonlySet<Volet> = new Set<Volet>(['panier']);
