import { useQuery } from '@tanstack/react-query';
import { DataAge } from '../../components/ui/data-age';
import { QueryStatus } from '../../components/ui/query-status';
import { menusQuery } from '../../features/catalog/api/menus';
import { selectMenu } from '../../features/catalog/catalog-store';
import { FormulaList } from '../../features/catalog/components/formula-list';
import { useOnline } from '../../lib/connection-store';
import { formatLongDate } from '../../lib/format';
import { openModal } from '../../lib/overlays-store';

/** The day's formulas; "Composer" opens the composer (the 'menu' modal) on that formula. Offline, the copy's age. */
export function FormulasOfTheDay({ date }: { date: string | null }) {
  const options = { ...menusQuery(date), enabled: Boolean(date) };
  const menus = useQuery(options);
  // Offline, a day whose menus were never kept (the device's clock has moved to the next delivery
  // day, say) is named: yesterday's copy is not shown as today's.
  const online = useOnline();
  const missing = !online && date ? `La carte du ${formatLongDate(date)} n’est pas encore enregistrée sur cet appareil.` : 'Impossible de charger les formules.';
  return (
    <>
      <DataAge label="Menus" query={{ queryKey: options.queryKey, dataUpdatedAt: menus.dataUpdatedAt }} />
      <QueryStatus query={menus} loading="Chargement des formules…" error={missing}>
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
    </>
  );
}
