import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { QueryStatus } from '../../components/ui/query-status';
import { shuffleQuery } from '../../features/catalog/api/products';
import { CatalogSection } from '../../features/catalog/components/catalog-section';
import { DishCarousel } from '../../features/catalog/components/dish-carousel';
import { HomeHero, HomeMore } from '../../features/marketing/components/home-intro';
import { formatLongDate } from '../../lib/format';
import { useDeliveryDate } from '../../lib/app-state';
import { useUnloadedDay } from '../../lib/unloaded-day';
import { FormulasOfTheDay } from './formulas-of-the-day';

/** The shop window: promise, formulas and dishes of the day, then how it works. */
export function HomePage() {
  const date = useDeliveryDate();
  const unloaded = useUnloadedDay('dishes', date);
  const dishes = useQuery({ ...shuffleQuery(date), enabled: Boolean(date) });
  const subtitle = date ? `Au menu le ${formatLongDate(date)}` : undefined;
  return (
    <>
      <HomeHero />
      <CatalogSection id="formules" title="Les formules du jour" subtitle={subtitle}>
        <FormulasOfTheDay date={date} />
      </CatalogSection>
      <CatalogSection id="plats" title="Les plats du jour" subtitle="Tous nos plats se commandent aussi à l’unité.">
        <QueryStatus query={dishes} loading="Chargement des plats…" error={unloaded}>
          {(data) => <DishCarousel products={data} />}
        </QueryStatus>
      </CatalogSection>
      <HomeMore />
      <Outlet />
    </>
  );
}
