import { useQuery } from '@tanstack/react-query';
import { HeadContent, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CartModal, cartCount } from '../features/cart/components/cart-modal';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';
import { AlertBanner } from '../features/shell/components/alert-banner';
import { Footer } from '../features/shell/components/footer';
import { Header } from '../features/shell/components/header';
import { MobileMenu } from '../features/shell/components/mobile-menu';
import { Overlay } from '../features/shell/components/overlay';
import { ProgressBar } from '../features/shell/components/progress-bar';
import { Snackbars } from '../features/shell/components/snackbars';
import { appStateQuery } from '../lib/app-state';
import { closeModal, isAnyOpen, openModal, overlayClick, overlays } from '../lib/overlays-store';
import { interceptInternalLinks } from './internal-links';

/** The frame around every page: header, footer, overlay, modals, snackbars, progress bar. */
export function AppShell() {
  const router = useRouter();
  const navigate = useNavigate();
  const { data: state } = useQuery(appStateQuery);
  const snap = useSnapshot(overlays);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const settings = state?.settings ?? {};
  const loggedIn = Boolean(state?.customer?.id);

  useEffect(() => interceptInternalLinks((href) => void router.history.push(href)), [router]);

  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main" data-router="ignore">
        Aller au contenu
      </a>
      <ProgressBar />
      <Header
        loggedIn={loggedIn}
        cartCount={cartCount(state?.cart ?? null)}
        onMenu={() => openModal('menu')}
        onAccount={() => (loggedIn ? openModal('account') : void navigate({ to: '/login' }))}
        onCart={() => openModal('cart')}
      />
      {pathname === '/' ? <AlertBanner enabled={settings.alert_homepage_bool !== '0'} text={settings.alert_homepage_text} /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer settings={settings} newsletter={<NewsletterForm />} year={new Date().getFullYear()} />
      <Overlay
        visible={isAnyOpen(snap)}
        onClick={() => overlayClick({ orderSlugWithoutDelivery: pathname.startsWith('/passer-commande/') && !state?.current_delivery })}
      />
      <MobileMenu open={snap.modals.menu} onClose={() => closeModal('menu')} />
      <CartModal open={snap.modals.cart} cart={state?.cart ?? null} onClose={() => closeModal('cart')} />
      <Snackbars />
    </>
  );
}
