import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { QueryStatus } from '../../components/ui/query-status';
import { menusQuery } from '../../features/catalog/api/menus';
import { shuffleQuery } from '../../features/catalog/api/products';
import { selectMenu } from '../../features/catalog/catalog-store';
import { CatalogSection } from '../../features/catalog/components/catalog-section';
import { DishCarousel } from '../../features/catalog/components/dish-carousel';
import { FormulaList } from '../../features/catalog/components/formula-list';
import { HomeHero, HomeMore } from '../../features/marketing/components/home-intro';
import { formatLongDate } from '../../lib/format';
import { openModal } from '../../lib/overlays-store';
import { useDeliveryDate } from './catalog-data';

/** The shop window: promise, formulas and dishes of the day, then how it works. */
export function HomePage() {
  const date = useDeliveryDate();
  const menus = useQuery({ ...menusQuery(date), enabled: Boolean(date) });
  const dishes = useQuery({ ...shuffleQuery(date), enabled: Boolean(date) });
  const subtitle = date ? `Au menu le ${formatLongDate(date)}` : undefined;
  return (
    <>
      <HomeHero />
      <CatalogSection id="formules" title="Les formules du jour" subtitle={subtitle}>
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
      </CatalogSection>
      <CatalogSection id="plats" title="Les plats du jour" subtitle="Tous nos plats se commandent aussi à l’unité.">
        <QueryStatus query={dishes} loading="Chargement des plats…" error="Impossible de charger les plats.">
          {(data) => <DishCarousel products={data} />}
        </QueryStatus>
      </CatalogSection>
      <HomeMore />
      <Outlet />
    </>
  );
}
