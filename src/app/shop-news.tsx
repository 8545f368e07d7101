import { useQueryClient } from '@tanstack/react-query';
import { customerOrdersChanged } from '../features/account/api/auth-calls';
import { dayCatalogChanged, dishSoldOut } from '../features/catalog/api/dish-news';
import { useAppStateOf } from '../lib/app-state';
import { useLiveNews } from '../lib/live-news';
import { notify } from '../lib/snackbar-store';
import { pathOf } from '../shared/api/route-table';
import { EVENTS } from '../shared/api/routes/events';

/**
 * The shop's news (GET /api/events): the dishes of the customer's delivery day selling out or back,
 * applied to every copy of the catalog at once, the customer's own orders changing, and the
 * tricycle arrived at their stop (docs/product/notifications.md). Loaded
 * after the first screen: a page drawn without it works as before, only later.
 */
export default function ShopNews() {
  const queryClient = useQueryClient();
  const date = useAppStateOf((state) => state.current_delivery_date) ?? null;
  const customerId = useAppStateOf((state) => state.customer?.id ?? null) ?? null;
  useLiveNews(
    pathOf(EVENTS.getEvents, null, { date }),
    {
      onEvent: (event) => {
        if (event.kind === 'stock') dishSoldOut(queryClient, event.date, event.product_id, event.sold_out);
        else if (event.kind === 'catalog') void dayCatalogChanged(queryClient, event.date);
        else if (event.kind === 'order') void customerOrdersChanged(queryClient);
        // The tricycle at the customer's stop: said on the open page as the push says it, a minute long.
        else if (event.kind === 'arrival') notify({ title: 'Votre Popote est arrivée', message: event.message, type: 'info' }, 60_000);
        else if (event.kind === 'reset') {
          if (date) void dayCatalogChanged(queryClient, date);
          void customerOrdersChanged(queryClient);
        }
      },
      // Cut while online (the server restarted, a proxy dropped it): read the day's dishes again.
      // Offline, the app reads everything again when the network is back (after-hydration.ts).
      onCut: () => {
        if (date && navigator.onLine) void dayCatalogChanged(queryClient, date);
      },
    },
    customerId,
  );
  return null;
}
