import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppShell } from '../app/app-shell';
import type { RouterContext } from '../app/router-context';
import { ErrorPage } from '../features/shell/components/error-page';
import { menusQuery } from '../features/catalog/api/menus';
import { deliveryLocationsQuery } from '../features/delivery/api/locations';
import { loadDeliveryDate, settingsQuery, shopOpenQuery } from '../lib/app-state';
import { validatePanelSearch, type Volet } from '../shared/panels';
import { isTeamPath } from '../shared/paths';

const DESCRIPTION = 'Formules du jour et plats faits maison, livrés gratuitement en triporteur à votre point de livraison à Lyon, dans des contenants consignés.';

/** The public data a panel shows, by its name in the address. */
const PANEL_DATA: Partial<Record<Volet, (date: string) => { queryKey: readonly unknown[] }>> = {
  formule: menusQuery,
  livraison: deliveryLocationsQuery,
};

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      // An unknown address has no page of its own to name it: the not-found page says what it is.
      { title: matches.some((m) => m._notFound || m.status === 'notFound') ? 'Page introuvable — Popote' : 'Popote — déjeuners faits maison livrés en triporteur à Lyon' },
      { name: 'description', content: DESCRIPTION },
      { name: 'theme-color', content: '#b8452e' },
    ],
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      // The team's pages install as their own app (Popote Équipe), with its own icons.
      ...(matches.some((match) => isTeamPath(match.pathname))
        ? [
            { rel: 'apple-touch-icon', href: '/icons/equipe-apple-touch-icon.png' },
            { rel: 'manifest', href: '/equipe/manifest.webmanifest' },
          ]
        : [
            { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
            { rel: 'manifest', href: '/manifest.webmanifest' },
          ]),
    ],
  }),
  // Every page takes the open panel in its address (?volet=panier): the overlays are the router's.
  validateSearch: validatePanelSearch,
  // What every page shows and everyone shares: the delivery date and the shop's settings. Nothing
  // personal: the customer, the cart and the chosen point come after hydration (/api/state).
  // A panel in the address (?volet=formule) is drawn by the server with its public data too. Not in
  // the browser: there a panel opens at once and loads what it shows itself.
  loader: async ({ context: { queryClient }, location }) => {
    await Promise.allSettled([queryClient.ensureQueryData(shopOpenQuery), queryClient.ensureQueryData(settingsQuery)]);
    if (typeof window !== 'undefined') return;
    const { volet } = validatePanelSearch(location.search);
    const panel = volet ? PANEL_DATA[volet] : undefined;
    const date = panel ? await loadDeliveryDate(queryClient) : null;
    if (panel && date) await queryClient.ensureQueryData(panel(date)).catch(() => undefined);
  },
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: () => <ErrorPage status={500} />,
});

/** The shop's frame around its pages; the team's app draws its own (src/routes/equipe.tsx). */
function RootLayout() {
  const team = useRouterState({ select: (s) => isTeamPath(s.location.pathname) });
  return team ? <Outlet /> : <AppShell />;
}

/** The whole document, rendered by the server and hydrated by the browser. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}
