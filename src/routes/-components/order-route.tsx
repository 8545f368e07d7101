import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { QueryStatus } from '../../components/ui/query-status';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { dayProductsQuery } from '../../features/catalog/api/products';
import { DishGrid } from '../../features/catalog/components/dish-grid';
import { OrderPage } from '../../features/catalog/components/order-page';
import { DeliverySummary } from '../../features/delivery/components/delivery-summary';
import { DeliveryWidget } from '../../features/delivery/components/delivery-widget';
import { clearSearchResult } from '../../features/delivery/delivery-search-store';
import { mapCenter } from '../../features/delivery/search-rules';
import { useAppState, useDeliveryDate } from '../../lib/app-state';
import { formatLongDate } from '../../lib/format';
import { openPanel } from '../../lib/panel-history';
import { useUnloadedDay } from '../../lib/unloaded-day';
import { FormulasOfTheDay } from './formulas-of-the-day';

/** /passer-commande: the delivery, then the day's formulas and dishes; a dish detail opens over it. */
export function OrderRoute() {
  const { data: state } = useAppState();
  const date = useDeliveryDate();
  const unloaded = useUnloadedDay('dishes', date);
  const dishes = useQuery({ ...dayProductsQuery(date), enabled: Boolean(date) });
  return (
    <>
      <OrderPage
        delivery={
          <>
            <DeliverySummary
              delivery={state?.current_delivery ?? null}
              dateLabel={date ? formatLongDate(date) : null}
              onChoose={() => {
                clearSearchResult();
                openPanel('deliverySelector');
              }}
            />
            {/* The search stays with a point chosen (another one is a search away), as the block
                is drawn before the visitor's point is known: the point arriving does not move the
                page below it. */}
            <DeliveryWidget
              mode="smart"
              intent="form"
              delivery={state?.current_delivery ?? null}
              center={mapCenter(state?.settings ?? {})}
              onOpenSelector={() => openPanel('deliverySelector')}
            />
          </>
        }
        catalog={
          <>
            <FormulasOfTheDay date={date} />
            <QueryStatus query={dishes} loading="Chargement des plats…" error={unloaded}>
              {(data) => <DishGrid products={data} action={(p) => <AddToCartButton product={p} />} />}
            </QueryStatus>
          </>
        }
        cart={<CartSummary />}
      />
      <Outlet />
    </>
  );
}
