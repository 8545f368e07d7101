import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { addMenu } from '../features/cart/api/cart-calls';
import { useCartExpiry } from '../features/cart/cart-expiry';
import { cartCount } from '../features/cart/cart-rules';
import { cartState, replaceCart, stateCartIsCurrent } from '../features/cart/cart-store';
import { menusQuery } from '../features/catalog/api/menus';
import { DeliverySummary } from '../features/delivery/components/delivery-summary';
import { DeliveryWidget } from '../features/delivery/components/delivery-widget';
import { mapCenter } from '../features/delivery/search-rules';
import type { ComposedFormula } from '../features/catalog/components/formula-composer';
import { PaymentConfirming, PaymentLoader } from '../features/payment/components/payment-loader';
import { payment as paymentState } from '../features/payment/payment-store';
import { UpdateNotice } from '../features/pwa/update-notice';
import { AlertBanner } from '../features/shell/components/alert-banner';
import { DemoBanner } from '../features/shell/components/demo-banner';
import { Footer } from '../features/shell/components/footer';
import { Header } from '../features/shell/components/header';
import { ProgressBar } from '../features/shell/components/progress-bar';
import { Snackbars } from '../features/shell/components/snackbars';
import { AboveDialogs } from '../components/ui/above-dialogs';
import { BackdropCloses, Dialog } from '../components/ui/dialog';
import { QueryStatus } from '../components/ui/query-status';
import { lastStateRequestAt, useAppState, settingsQuery, useDeliveryDate, useShopOpen } from '../lib/app-state';
import { OfflineBanner } from '../features/pwa/offline-banner';
import { isOnline } from '../lib/connection-store';
import { formatLongDate } from '../lib/format';
import { closePanel, openPanel, useOpenVolet } from '../lib/panel-history';
import { closePopin, closePopins, openPopin, usePopins } from '../lib/popins-store';
import { notify } from '../lib/snackbar-store';
import { readStored, writeStored } from '../lib/stored';
import type { Cart } from '../shared/api/cart';
import { startAfterHydration } from './after-hydration';
import { useDishDetail } from './detail-navigation';
import { interceptInternalLinks } from './internal-links';
import { usePopinTriggers } from './popin-triggers';
import { KEPT_PAYMENT_KEY } from '../features/payment/kept-payment-key';
import { usePaymentContext } from '../features/payment/use-payment-context';

// Modal contents load when first opened: they stay out of the home page's JavaScript.
// The cart's too: it loads once the cart holds something, or on its first opening.
const loadCartModal = () => import('../features/cart/components/cart-modal');
const CartModal = lazy(() => loadCartModal().then((m) => ({ default: m.CartModal })));
const DeliverySuggestion = lazy(() => import('../features/delivery/components/delivery-suggestion').then((m) => ({ default: m.DeliverySuggestion })));
const FormulaComposer = lazy(() => import('../features/catalog/components/formula-composer').then((m) => ({ default: m.FormulaComposer })));
const AccountModal = lazy(() => import('./account-modal').then((m) => ({ default: m.AccountModal })));
const LoginForm = lazy(() => import('../features/account/components/login-form').then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import('../features/account/components/signup-form').then((m) => ({ default: m.SignupForm })));
const PaymentModal = lazy(() => import('../features/payment/components/payment-modal').then((m) => ({ default: m.PaymentModal })));
const ValidatedOrderPopin = lazy(() => import('../features/payment/components/validated-order-popin').then((m) => ({ default: m.ValidatedOrderPopin })));
const DeliveryFinder = lazy(() => import('./delivery-finder').then((m) => ({ default: m.DeliveryFinder })));
const InstallApp = lazy(() => import('../features/pwa/install-app').then((m) => ({ default: m.InstallApp })));
const ContactForm = lazy(() => import('../features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })));
// Shown when asked for: pop-ins and the mobile menu; the newsletter form sits below the fold (the
// server still draws it, and the browser hydrates it once its chunk arrives).
const CartExpiryPopin = lazy(() => import('../features/cart/components/cart-expiry-popin').then((m) => ({ default: m.CartExpiryPopin })));
const ClosedWebsitePopin = lazy(() => import('../features/shell/components/closed-website-popin').then((m) => ({ default: m.ClosedWebsitePopin })));
const HomepagePopin = lazy(() => import('../features/shell/components/homepage-popin').then((m) => ({ default: m.HomepagePopin })));
const MobileMenu = lazy(() => import('../features/shell/components/mobile-menu').then((m) => ({ default: m.MobileMenu })));
const NewsletterForm = lazy(() => import('../features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })));
const loading = <p role="status">Chargement…</p>;

const SUGGEST_SEEN = 'popote:suggest-seen';

/** Trigger mode: the header field's first focus of the visit offers the delivery suggestion. */
function suggestOnce() {
  if (readStored(SUGGEST_SEEN, 'session')) return;
  writeStored(SUGGEST_SEEN, 1, 'session');
  openPanel('suggestion');
}

/** The composer's "Ajouter au panier": the formula goes to the cart, the composer closes. */
async function addComposedFormula(formula: ComposedFormula) {
  const { ok } = await addMenu(formula.formatted);
  if (!ok) return;
  notify({ title: 'Ajouté au panier', message: `${formula.name} : ${formula.dishes}`, type: 'success' });
  closePanel('composer');
}

/** Payment's logic loads on the payment click or a card return: it stays out of the home page's JavaScript. */
const paymentFlow = () => import('../features/payment/payment-flow');

const chooseDeliveryFromCart = () => openPanel('deliverySelector');

/** The frame around every page: header, footer, overlay, modals, snackbars, progress bar. */
export function AppShell() {
  const router = useRouter();
  const { data: state, query: stateQuery } = useAppState();
  const shop = useShopOpen();
  const date = useDeliveryDate();
  const volet = useOpenVolet();
  const popins = usePopins();
  const anyOpen = volet !== undefined || Object.values(popins).some(Boolean);
  const paymentBusy = useSnapshot(paymentState);
  const paymentLoader = paymentBusy.loader || Boolean(paymentBusy.confirming);
  const menus = useQuery({ ...menusQuery(date), enabled: Boolean(date) && volet === 'formule' });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const detail = useDishDetail();
  // Public, so in the server's page and offline too; the state's are the same, maybe newer.
  const { data: publicSettings } = useQuery(settingsQuery);
  const settings = state?.settings ?? publicSettings ?? {};
  const loggedIn = Boolean(state?.customer?.id);
  const queryClient = useQueryClient();
  const cart = useSnapshot(cartState).cart as Cart | null;
  const [expiryMode, setExpiryMode] = useState<'warning' | 'timeout'>('warning');
  // Once opened, the cart stays mounted: its panel state and its close (focus back) need it.
  const [cartMounted, setCartMounted] = useState(false);
  if (volet === 'panier' && !cartMounted) setCartMounted(true);
  const cartFilled = Boolean(cart && cartCount(cart) > 0);
  useEffect(() => {
    if (cartFilled) void loadCartModal();
  }, [cartFilled]);
  const ctx = usePaymentContext();
  const payment = useMemo(() => {
    /** The hand-over from the cart (docs/product/payments.md): a free cart is ordered, any other opens the payment modal. */
    const checkout = async (cart: Cart) => (await paymentFlow()).checkout(cart, ctx);
    return {
      ctx,
      checkout,
      /** After login or signup from the cart: the refreshed cart goes on to payment. */
      continueToPayment: () => {
        const current = cartState.cart;
        if (current && current.products.length) void checkout(current as Cart);
      },
    };
  }, [ctx]);
  useEffect(() => startAfterHydration(queryClient), [queryClient]);
  // Back from the card provider's page, on any page: payment_status and po_id, read once.
  // Else a card payment left unsettled on this device (a reload, a dead connection, the app closed
  // while it was pending) is checked again, quietly.
  useEffect(() => {
    const { pathname: path, search, hash } = window.location;
    if (!/[?&]payment_status=/.test(search)) {
      if (readStored(KEPT_PAYMENT_KEY) === null) return;
      void paymentFlow().then(({ handleCardReturn, keptCardPayment }) => {
        const poId = keptCardPayment();
        if (poId) void handleCardReturn({ status: 'pending', poId }, payment.ctx, () => undefined, true);
      });
      return;
    }
    void paymentFlow().then(({ handleCardReturn, readCardReturn, withoutCardReturn }) => {
      const ret = readCardReturn(search);
      const clear = () => router.history.replace(`${path}${withoutCardReturn(search)}${hash}`);
      if (ret) void handleCardReturn(ret, payment.ctx, clear);
      else clear();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Each load of the app state brings the server's cart: it replaces the mirror, unless a cart
  // change answered since that load was asked for (its answer is the newer cart).
  useEffect(() => {
    // The server's answer only: a state kept on the device carries no cart.
    if (stateQuery.data && stateCartIsCurrent(lastStateRequestAt())) replaceCart(stateQuery.data.cart);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateQuery.dataUpdatedAt]);
  useCartExpiry(
    () => {
      setExpiryMode('warning');
      openPopin('cart_expiry');
    },
    () => {
      setExpiryMode('timeout');
      openPopin('cart_expiry');
    },
    () => closePopin('cart_expiry'),
  );
  usePopinTriggers(shop, state?.settings, pathname === '/');

  useEffect(() => interceptInternalLinks((href) => void router.history.push(href)), [router]);

  // A click on the dimmed page closes the dialog, except on a dish's order page before a delivery
  // point is chosen: the choice comes first there.
  const backdropCloses = !(pathname.startsWith('/passer-commande/') && !state?.current_delivery);

  return (
    <BackdropCloses value={backdropCloses}>
      <a className="skip-link" href="#main" data-router="ignore">
        Aller au contenu
      </a>
      <ProgressBar />
      <DemoBanner visible={publicSettings?.sandbox === '1'} />
      <OfflineBanner />
      <Header
        loggedIn={loggedIn}
        cartCount={cartCount(cart)}
        onMenu={() => openPanel('mobileMenu')}
        onAccount={() => openPanel('account')}
        onCart={() => openPanel('cart')}
        // Hidden while an overlay or a recipe is open; none on the order page, which has its own.
        searchHidden={anyOpen || detail.open}
        search={
          pathname.startsWith('/passer-commande') ? null : (
            <DeliveryWidget
              mode="smart"
              intent="trigger"
              compact
              delivery={state?.current_delivery ?? null}
              center={mapCenter(settings)}
              onOpenSelector={() => openPanel('deliverySelector')}
              onSuggest={suggestOnce}
            />
          )
        }
      />
      {pathname === '/' ? <AlertBanner enabled={settings.alert_homepage_bool !== '0'} text={settings.alert_homepage_text} /> : null}
      <PaymentConfirming />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer
        settings={settings}
        newsletter={
          <Suspense fallback={null}>
            <NewsletterForm />
          </Suspense>
        }
        install={
          <Suspense fallback={null}>
            <InstallApp />
          </Suspense>
        }
        year={new Date().getFullYear()}
      />
      <Dialog open={volet === 'formule'} title="Composer ma formule" onClose={() => closePanel('composer')} placement="panel-right" wide>
        <QueryStatus query={menus} loading="Chargement des formules…" error="Impossible de charger les formules.">
          {(data) => (
            <Suspense fallback={loading}>
              <FormulaComposer menus={data} onAdd={addComposedFormula} />
            </Suspense>
          )}
        </QueryStatus>
      </Dialog>
      <Dialog open={volet === 'livraison'} title="Choisir mon point de livraison" onClose={() => closePanel('deliverySelector')} placement="panel-right" wide>
        <Suspense fallback={loading}>
          <DeliveryFinder />
        </Suspense>
      </Dialog>
      <Dialog open={volet === 'ou-dejeuner'} title="Où voulez-vous déjeuner ?" onClose={() => closePanel('suggestion')}>
        <Suspense fallback={loading}>
          <DeliverySuggestion
            suggestUrl={import.meta.env.VITE_DELIVERY_SUGGEST_URL || '/entreprises'}
            onTricycle={() => openPanel('deliverySelector')}
          />
        </Suspense>
      </Dialog>
      {popins.closed_website ? (
        <Suspense fallback={null}>
          <ClosedWebsitePopin
            open
            onClose={() => closePopin('closed_website')}
            openingHour={shop?.orders_opening_hour ?? settings.orders_opening_hour ?? ''}
            nextDateLabel={shop?.current_delivery_date ? formatLongDate(shop.current_delivery_date) : null}
            newsletter={<NewsletterForm compact />}
          />
        </Suspense>
      ) : null}
      {popins.homepage ? (
        <Suspense fallback={null}>
          <HomepagePopin open onClose={closePopins} title={settings.homepage_popin_title ?? ''} text={settings.homepage_popin_text ?? ''} />
        </Suspense>
      ) : null}
      {volet === 'menu' ? (
        <Suspense fallback={null}>
          <MobileMenu open onClose={() => closePanel('mobileMenu')} />
        </Suspense>
      ) : null}
      {cartMounted ? (
        <Suspense fallback={null}>
          <CartModal
            open={volet === 'panier'}
            onClose={() => closePanel('cart')}
            delivery={
              <DeliverySummary
                delivery={state?.current_delivery ?? null}
                dateLabel={date ? formatLongDate(date) : null}
                onChoose={chooseDeliveryFromCart}
              />
            }
            locationId={state?.current_delivery?.delivery_location.id ?? null}
            usualLocationId={state?.usual_delivery_location_id ?? null}
            customer={state?.customer ?? null}
            bonuses={{ cutlery: settings.enable_cutlery === '1', toteBags: settings.enable_tote_bags === '1' }}
            renderAccount={(mode) =>
              // Logged in from the cart: straight on to payment.
              <Suspense fallback={loading}>
                {mode === 'login' ? (
                  <LoginForm onLoggedIn={payment.continueToPayment} onForgotPassword={() => openPanel('passwordReset')} />
                ) : (
                  <SignupForm onSignedUp={payment.continueToPayment} />
                )}
              </Suspense>
            }
            onCheckout={payment.checkout}
            onChooseDelivery={chooseDeliveryFromCart}
          />
        </Suspense>
      ) : null}
      {volet === 'compte' || volet === 'mot-de-passe' ? (
        <Suspense fallback={null}>
          <AccountModal />
        </Suspense>
      ) : null}
      <Dialog open={volet === 'aide'} title="Besoin d’aide ?" onClose={() => closePanel('help')} placement="panel-right">
        <Suspense fallback={loading}>
          <ContactForm mode="userAccount" />
        </Suspense>
      </Dialog>
      {popins.cart_expiry ? (
        <Suspense fallback={null}>
          <CartExpiryPopin
            open
            mode={expiryMode}
            onClose={() => closePopin('cart_expiry')}
            onShowCart={() => {
              closePopin('cart_expiry');
              openPanel('cart');
            }}
            onRefresh={() => {
              closePopin('cart_expiry');
              // Offline the state cannot be asked (it is, on the way back): the released cart is
              // not shown as if it still held its dishes meanwhile.
              if (!isOnline()) replaceCart(null);
              void queryClient.invalidateQueries({ queryKey: ['state'] });
            }}
          />
        </Suspense>
      ) : null}
      {volet === 'paiement' ? (
        <Suspense fallback={null}>
          <PaymentModal open />
        </Suspense>
      ) : null}
      {popins.validated_order ? (
        <Suspense fallback={null}>
          <ValidatedOrderPopin />
        </Suspense>
      ) : null}
      {/* A new version waits while a payment is under way or a modal (a form) is open. */}
      <UpdateNotice busy={anyOpen || paymentLoader} />
      <AboveDialogs>
        <PaymentLoader />
        <Snackbars />
      </AboveDialogs>
    </BackdropCloses>
  );
}
