import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAppStateOf, usePublicSettings, useShopOpen } from '../../../lib/app-state';
import { formatLongDate } from '../../../lib/format';
import { closePopin, usePopins } from '../../../lib/popins-store';
import { useOpenVolet } from '../../../lib/panel-history';
import { usePopinTriggers } from '../popin-triggers';

const ClosedWebsitePopin = lazy(() => import('./closed-website-popin').then((m) => ({ default: m.ClosedWebsitePopin })));
const HomepagePopin = lazy(() => import('./homepage-popin').then((m) => ({ default: m.HomepagePopin })));

/**
 * The shop's own pop-ins: orders closed for the day (once a browser session), and the team's
 * message on the home page (once per visitor and message). `newsletter`: the form the first offers.
 */
export function ShopPopins({ newsletter }: { newsletter: ReactNode }) {
  const popins = usePopins();
  const shop = useShopOpen();
  const onHome = useRouterState({ select: (s) => s.location.pathname === '/' });
  // Judged on the state's settings: the pop-ins wait for the visitor's own answer.
  const stateSettings = useAppStateOf((state) => state.settings);
  const publicSettings = usePublicSettings();
  const settings = stateSettings ?? publicSettings;
  const panelOpen = useOpenVolet() !== undefined;
  usePopinTriggers(shop, stateSettings, onHome, panelOpen);
  return (
    <Suspense fallback={null}>
      {/* Held while a panel is open, not only kept from opening: its chunk may arrive after the
          visitor has opened one (a tap on « Mon compte » on a slow phone), and it would then show
          over or under that panel, its button covered. It shows once the panel is closed. */}
      {popins.closed_website && !panelOpen ? (
        <ClosedWebsitePopin
          open
          onClose={() => closePopin('closed_website')}
          openingHour={shop?.orders_opening_hour ?? settings.orders_opening_hour ?? ''}
          nextDateLabel={shop?.current_delivery_date ? formatLongDate(shop.current_delivery_date) : null}
          newsletter={newsletter}
        />
      ) : null}
      {popins.homepage ? (
        <HomepagePopin open onClose={() => closePopin('homepage')} title={settings.homepage_popin_title ?? ''} text={settings.homepage_popin_text ?? ''} />
      ) : null}
    </Suspense>
  );
}
