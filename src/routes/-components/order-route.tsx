import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { QueryStatus } from '../../components/ui/query-status';
import { menusQuery } from '../../features/catalog/api/menus';
import { dayProductsQuery } from '../../features/catalog/api/products';
import { selectMenu } from '../../features/catalog/catalog-store';
import { DishGrid } from '../../features/catalog/components/dish-grid';
import { FormulaList } from '../../features/catalog/components/formula-list';
import { OrderPage } from '../../features/catalog/components/order-page';
import { DeliverySummary } from '../../features/delivery/components/delivery-summary';
import { appStateQuery } from '../../lib/app-state';
import { formatLongDate } from '../../lib/format';
import { openModal } from '../../lib/overlays-store';

/** /passer-commande: the delivery, then the day's formulas and dishes; a dish detail opens over it. */
export function OrderRoute() {
  const { data: state } = useQuery(appStateQuery);
  const date = state?.current_delivery_date ?? null;
  const menus = useQuery({ ...menusQuery(date), enabled: Boolean(date) });
  const dishes = useQuery({ ...dayProductsQuery(date), enabled: Boolean(date) });
  return (
    <>
      <OrderPage
        delivery={<DeliverySummary delivery={state?.current_delivery ?? null} dateLabel={date ? formatLongDate(date) : null} />}
        catalog={
          <>
            <QueryStatus query={menus} loading="Chargement des formules…" error="Impossible de charger les formules.">
              {(data) => (
                <FormulaList
                  menus={data}
                  onCompose={(menu) => {
                    selectMenu(menu.id);
                    openModal('menu');
                  }}
                />
              )}
            </QueryStatus>
            <QueryStatus query={dishes} loading="Chargement des plats…" error="Impossible de charger les plats.">
              {(data) => <DishGrid products={data} />}
            </QueryStatus>
          </>
        }
      />
      <Outlet />
    </>
  );
}
