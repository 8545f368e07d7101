import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { AccountButton } from '../features/account/components/account-button';
import { CartButton } from '../features/cart/components/cart-button';
import { CartExpiryNotice } from '../features/cart/components/cart-expiry-notice';
import { CartSync } from '../features/cart/components/cart-sync';
import { HeaderDeliverySearch } from '../features/delivery/components/header-delivery-search';
import { PaymentConfirming, PaymentLoader } from '../features/payment/components/payment-loader';
import { PaymentOutcome } from '../features/payment/components/payment-outcome';
import { LazyPushOffer } from '../features/push/lazy-push-offer';
import { OfflineBanner } from '../features/pwa/offline-banner';
import { AlertBanner } from '../features/shell/components/alert-banner';
import { DemoBanner } from '../features/shell/components/demo-banner';
import { Footer } from '../features/shell/components/footer';
import { Header } from '../features/shell/components/header';
import { ProgressBar } from '../features/shell/components/progress-bar';
import { ShopPopins } from '../features/shell/components/shop-popins';
import { Snackbars } from '../components/ui/snackbars';
import { AboveDialogs } from '../components/ui/above-dialogs';
import { usePublicSettings } from '../lib/app-state';
import { AfterHydration } from './after-hydration';
import { OpenOverlay } from './open-overlay';
import { OrderPageBackdrop } from './order-page-backdrop';
import { UpdateWhenIdle } from './update-when-idle';

// Below the fold: the server draws them, and the browser hydrates them once their chunk arrives.
const NewsletterForm = lazy(() => import('../features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })));
const InstallApp = lazy(() => import('../features/pwa/install-app').then((m) => ({ default: m.InstallApp })));
// The news pushed to the open page: nothing to draw, nothing the first screen waits for.
const ShopNews = lazy(() => import('./shop-news'));

/**
 * The frame around every page: header, footer, the panel the address names, the pop-ins and the
 * notices, around the shop's page (or `children`: the not-found page of an address no app knows).
 * What the visitor owns (their account, cart and point) is drawn by small parts that each
 * follow their own slice of the state, so a change of the cart redraws its button, not the page.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  // The shell follows the address alone: the settings are read by the parts that show them, so the
  // state's answer (or hydration's end) redraws those parts, never the whole page.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <OrderPageBackdrop>
      <a className="skip-link" href="#main" data-router="ignore">
        Aller au contenu
      </a>
      <ProgressBar />
      <SandboxMark />
      <OfflineBanner />
      {/* No delivery search in the header on the order page, which has its own. */}
      <Header account={<AccountButton />} cart={<CartButton />} search={pathname.startsWith('/passer-commande') ? null : <HeaderDeliverySearch />} />
      {pathname === '/' ? <HomeAlert /> : null}
      <PaymentConfirming />
      <main id="main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      {/* The footer and what opens over the page are hydrated in a later pass of their own (each
          Suspense boundary the server drew is): the first screen's commit and effects are shorter. */}
      <Suspense fallback={null}>
        <ShopFooter
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
        />
      </Suspense>
      <Suspense fallback={null}>
        <OpenOverlay />
        <ShopPopins newsletter={<NewsletterForm compact />} />
        <CartExpiryNotice />
        <PaymentOutcome afterOrder={<LazyPushOffer />} />
        <UpdateWhenIdle />
        <ShopNews />
        <AboveDialogs>
          <PaymentLoader />
          <Snackbars />
        </AboveDialogs>
      </Suspense>
      <CartSync />
      <AfterHydration />
    </OrderPageBackdrop>
  );
}

/** The demo's mark: in the public settings only (the state's are the shop's own). */
function SandboxMark() {
  return <DemoBanner visible={usePublicSettings().sandbox === '1'} />;
}

function HomeAlert() {
  const settings = usePublicSettings();
  return <AlertBanner enabled={settings.alert_homepage_bool !== '0'} text={settings.alert_homepage_text} />;
}

function ShopFooter(parts: Pick<ComponentProps<typeof Footer>, 'newsletter' | 'install'>) {
  return <Footer settings={usePublicSettings()} {...parts} year={new Date().getFullYear()} />;
}
