import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../app/app-shell';
import { menusQuery } from '../features/catalog/api/menus';
import { deliveryLocationsQuery } from '../features/delivery/api/locations';
import { loadDeliveryDate, settingsQuery, shopOpenQuery } from '../lib/app-state';
import { validatePanelSearch, type Volet } from '../shared/panels';

const DESCRIPTION = 'Formules du jour et plats faits maison, livrés gratuitement en triporteur à votre point de livraison à Lyon, dans des contenants consignés.';

/** The public data a panel shows, by its name in the address. */
const PANEL_DATA: Partial<Record<Volet, (date: string) => { queryKey: readonly unknown[] }>> = {
  formule: menusQuery,
  livraison: deliveryLocationsQuery,
};

/**
 * The shop: every public page, inside its frame (header, cart, footer, panels and notices), with
 * its own head (the shop's manifest and icons) and its own reads. A pathless layout: it adds
 * nothing to the addresses.
 */
export const Route = createFileRoute('/_shop')({
  head: ({ matches }) => ({
    meta: [
      // An unknown address has no page of its own to name it: the not-found page says what it is.
      { title: matches.some((m) => m._notFound || m.status === 'notFound') ? 'Page introuvable — Popote' : 'Popote — déjeuners faits maison livrés en triporteur à Lyon' },
      { name: 'description', content: DESCRIPTION },
      { name: 'theme-color', content: '#b8452e' },
    ],
    links: [
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
  }),
  // What every shop page shows and everyone shares: the delivery date and the shop's settings.
  // Nothing personal: the customer, the cart and the chosen point come after hydration (/api/state).
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
  // The visitor's state (account, cart, point) is asked for at the app's start (src/main.tsx).
  staticData: { visitorState: true },
  component: AppShell,
});
