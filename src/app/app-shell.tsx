import { useQuery } from '@tanstack/react-query';
import { HeadContent, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CartModal, cartCount } from '../features/cart/components/cart-modal';
import { menusQuery } from '../features/catalog/api/menus';
import { DeliveryWidget } from '../features/delivery/components/delivery-widget';
import { DeliverySuggestion } from '../features/delivery/components/delivery-suggestion';
import { prefetchDeliveryMap } from '../features/delivery/map-loader';
import { mapCenter } from '../features/delivery/search-rules';
import type { ComposedFormula } from '../features/catalog/components/formula-composer';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';
import { AlertBanner } from '../features/shell/components/alert-banner';
import { ClosedWebsitePopin } from '../features/shell/components/closed-website-popin';
import { HomepagePopin } from '../features/shell/components/homepage-popin';
import { Footer } from '../features/shell/components/footer';
import { Header } from '../features/shell/components/header';
import { MobileMenu } from '../features/shell/components/mobile-menu';
import { Overlay } from '../features/shell/components/overlay';
import { ProgressBar } from '../features/shell/components/progress-bar';
import { Snackbars } from '../features/shell/components/snackbars';
import { Dialog } from '../components/ui/dialog';
import { QueryStatus } from '../components/ui/query-status';
import { appStateQuery, shopOpenQuery } from '../lib/app-state';
import { formatLongDate } from '../lib/format';
import { closeAll, closeModal, closePopin, isAnyOpen, openModal, overlayClick, overlays } from '../lib/overlays-store';
import { notify } from '../lib/snackbar-store';
import { formatEuros } from '../shared/money';
import { useDishDetail } from './detail-navigation';
import { interceptInternalLinks } from './internal-links';
import { usePopinTriggers } from './popin-triggers';

// Modal contents load when first opened: they stay out of the home page's JavaScript.
const FormulaComposer = lazy(() => import('../features/catalog/components/formula-composer').then((m) => ({ default: m.FormulaComposer })));
const DeliveryFinder = lazy(() => import('./delivery-finder').then((m) => ({ default: m.DeliveryFinder })));
const loading = <p role="status">Chargement…</p>;

const SUGGEST_SEEN = 'popote:suggest-seen';

/** Trigger mode: the header field's first focus of the visit offers the delivery suggestion. */
function suggestOnce() {
  if (sessionStorage.getItem(SUGGEST_SEEN)) return;
  sessionStorage.setItem(SUGGEST_SEEN, '1');
  openModal('delivery_suggest_location');
}

/** The composer's hand-over: shows what the formula holds (the cart feature takes it from here). */
function showComposedFormula(formula: ComposedFormula) {
  notify({ title: `${formula.name} — ${formatEuros(formula.total)}`, message: formula.dishes, type: 'success' });
  closeModal('menu');
}

/** The frame around every page: header, footer, overlay, modals, snackbars, progress bar. */
export function AppShell() {
  const router = useRouter();
  const navigate = useNavigate();
  const { data: state } = useQuery(appStateQuery);
  const { data: shop } = useQuery(shopOpenQuery);
  const date = state?.current_delivery_date ?? null;
  const snap = useSnapshot(overlays);
  const menus = useQuery({ ...menusQuery(date), enabled: Boolean(date) && snap.modals.menu });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const detail = useDishDetail();
  const settings = state?.settings ?? {};
  const loggedIn = Boolean(state?.customer?.id);
  usePopinTriggers(shop, state?.settings, pathname === '/');

  useEffect(() => interceptInternalLinks((href) => void router.history.push(href)), [router]);

  // Where a delivery choice is likely, fetch the map ahead (never on 2g or data saver).
  const choosingDelivery = pathname.startsWith('/passer-commande') || pathname === '/points-de-livraison';
  useEffect(() => {
    if (choosingDelivery) prefetchDeliveryMap();
  }, [choosingDelivery]);

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
        onMenu={() => openModal('navigation')}
        onAccount={() => (loggedIn ? openModal('account') : void navigate({ to: '/login' }))}
        onCart={() => openModal('cart')}
        search={
          // Hidden while an overlay or a recipe is open (shop.md §2 "Header"), and on the order
          // page, which has its own.
          isAnyOpen(snap) || detail.open || pathname.startsWith('/passer-commande') ? null : (
            <DeliveryWidget
              mode="smart"
              intent="trigger"
              compact
              delivery={state?.current_delivery ?? null}
              center={mapCenter(settings)}
              onOpenSelector={() => openModal('delivery_selector')}
              onSuggest={suggestOnce}
            />
          )
        }
      />
      {pathname === '/' ? <AlertBanner enabled={settings.alert_homepage_bool !== '0'} text={settings.alert_homepage_text} /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer settings={settings} newsletter={<NewsletterForm />} year={new Date().getFullYear()} />
      <Overlay
        visible={isAnyOpen(snap) || detail.open}
        onClick={() => {
          if (isAnyOpen(overlays)) overlayClick({ orderSlugWithoutDelivery: pathname.startsWith('/passer-commande/') && !state?.current_delivery });
          else if (detail.open) detail.close();
        }}
      />
      <Dialog open={snap.modals.menu} title="Composer ma formule" onClose={() => closeModal('menu')} placement="panel-right" wide>
        <QueryStatus query={menus} loading="Chargement des formules…" error="Impossible de charger les formules.">
          {(data) => (
            <Suspense fallback={loading}>
              <FormulaComposer menus={data} onAdd={showComposedFormula} />
            </Suspense>
          )}
        </QueryStatus>
      </Dialog>
      <Dialog open={snap.modals.delivery_selector} title="Choisir mon point de livraison" onClose={() => closeModal('delivery_selector')} placement="panel-right" wide>
        <Suspense fallback={loading}>
          <DeliveryFinder />
        </Suspense>
      </Dialog>
      <Dialog open={snap.modals.delivery_suggest_location} title="Où voulez-vous déjeuner ?" onClose={() => closeModal('delivery_suggest_location')}>
        <DeliverySuggestion
          suggestUrl={import.meta.env.VITE_DELIVERY_SUGGEST_URL || '/entreprises'}
          onTricycle={() => openModal('delivery_selector')}
        />
      </Dialog>
      <ClosedWebsitePopin
        open={snap.popins.closed_website}
        onClose={() => closePopin('closed_website')}
        openingHour={shop?.orders_opening_hour ?? settings.orders_opening_hour ?? ''}
        nextDateLabel={shop?.current_delivery_date ? formatLongDate(shop.current_delivery_date) : null}
        newsletter={<NewsletterForm compact />}
      />
      <HomepagePopin
        open={snap.popins.homepage}
        onClose={() => closeAll(() => {})}
        title={settings.homepage_popin_title ?? ''}
        text={settings.homepage_popin_text ?? ''}
      />
      <MobileMenu open={snap.modals.navigation} onClose={() => closeModal('navigation')} />
      <CartModal open={snap.modals.cart} cart={state?.cart ?? null} onClose={() => closeModal('cart')} />
      <Snackbars />
    </>
  );
}
