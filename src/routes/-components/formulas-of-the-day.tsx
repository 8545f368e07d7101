import { useQuery } from '@tanstack/react-query';
import { DataAge } from '../../components/ui/data-age';
import { QueryStatus } from '../../components/ui/query-status';
import { menusQuery } from '../../features/catalog/api/menus';
import { selectMenu } from '../../features/catalog/catalog-store';
import { FormulaList } from '../../features/catalog/components/formula-list';
import { useUnloadedDay } from '../../lib/unloaded-day';
import { openPanel } from '../../lib/panel-history';

/** The day's formulas; "Composer" opens the composer on that formula. Offline, the copy's age. */
export function FormulasOfTheDay({ date }: { date: string | null }) {
  const options = { ...menusQuery(date), enabled: Boolean(date) };
  const menus = useQuery(options);
  const missing = useUnloadedDay('formulas', date);
  return (
    <>
      <DataAge label="Menus" query={{ queryKey: options.queryKey, dataUpdatedAt: menus.dataUpdatedAt }} />
      <QueryStatus query={menus} loading="Chargement des formules…" error={missing}>
        {(data) => (
          <FormulaList
            menus={data}
            onCompose={(menu) => {
              selectMenu(menu.id);
              openPanel('composer');
            }}
          />
        )}
      </QueryStatus>
    </>
  );
}
