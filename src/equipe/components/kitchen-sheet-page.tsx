import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { QueryStatus } from '../../components/ui/query-status';
import { notify } from '../../lib/snackbar-store';
import type { KitchenSheet } from '../../shared/api/staff';
import { sheetStatus } from '../../shared/kitchen-sheet';
import { frenchClock, frenchTime } from '../../shared/time';
import { kitchenSheetQuery, useSheetPrinted } from '../team-api';
import { DayHeading } from './day-picker';
import styles from './kitchen-sheet.module.css';
import page from './team-page.module.css';
import { plural } from '../../lib/format';
import { useTeamNews } from '../team-news';
import { pathOf } from '../../shared/api/route-table';
import { KITCHEN_SHEET } from '../../shared/api/routes/kitchen';
import { ROUNDS } from '../../shared/api/routes/rounds';

/**
 * The production sheet of a day (cuisine, admin): portions per dish and tour in large figures,
 * containers, cutlery and tote bags; provisional until the last cut-off, then final; what changed
 * since this member last printed it. Printed from the page (A4, print CSS) or as a PDF; the
 * day's bag labels (every tour) from here too.
 */
export function KitchenSheetPage({ date }: { date: string }) {
  const sheet = useQuery(kitchenSheetQuery(date));
  useTeamNews(date);
  const printed = useSheetPrinted(date);
  const print = () =>
    printed.mutate(undefined, {
      // Printed all the same: only the "changes since" will not know of it.
      onError: (error) => notify({ title: 'Impression non notée', message: error.message, type: 'error' }),
      onSettled: () => window.print(),
    });
  return (
    <div className={styles.sheet}>
      <DayHeading title="Fiche de production" date={date} />
      <QueryStatus query={sheet} loading="Chargement de la fiche…" error="Impossible de charger la fiche de production.">
        {(data) => (
          <>
            <p className={data.final ? styles.final : styles.provisional}>
              Fiche {sheetStatus(data)} · {plural(data.orders, 'commande', 'commandes')}
              {data.cut_off ? ` · commandes closes à ${frenchTime(data.cut_off)}` : ''}
            </p>
            <div className={styles.actions}>
              <Button onClick={print} busy={printed.isPending}>
                Imprimer la fiche
              </Button>
              <a className={buttonClass('secondary')} href={pathOf(KITCHEN_SHEET.getStaffKitchenSheetPdf, null, { date })} target="_blank" rel="noopener" data-router="ignore">
                Fiche en PDF
              </a>
              {/* The labels are the kitchen's to print too: this is the one page every cook opens. */}
              <a className={buttonClass('secondary')} href={pathOf(ROUNDS.getStaffLabelsPdf, null, { date })} target="_blank" rel="noopener" data-router="ignore">
                Étiquettes des sacs (PDF)
              </a>
            </div>
            <Changes sheet={data} />
            {data.dishes.length === 0 ? <p className={page.empty}>Aucune commande à préparer pour ce jour.</p> : <SheetTable sheet={data} />}
            <dl className={styles.totals}>
              <div>
                <dt>Contenants consignés à remplir (un par formule)</dt>
                <dd>{data.containers}</dd>
              </div>
              <div>
                <dt>Couverts</dt>
                <dd>{data.cutlery}</dd>
              </div>
              <div>
                <dt>Sacs</dt>
                <dd>{data.tote_bags}</dd>
              </div>
            </dl>
          </>
        )}
      </QueryStatus>
    </div>
  );
}

function SheetTable({ sheet }: { sheet: KitchenSheet }) {
  return (
    <div className={page.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>Portions à préparer par plat et par tournée</caption>
        <thead>
          <tr>
            <th scope="col">Plat</th>
            {sheet.tours.map((tour) => (
              <th key={tour} scope="col" className={styles.number}>
                {tour}
              </th>
            ))}
            <th scope="col" className={styles.number}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.dishes.map((dish) => (
            <tr key={dish.product_id}>
              <th scope="row">
                <span className={styles.dish}>{dish.name}</span>
                <span className={styles.allergens}>{dish.allergens.length ? `Allergènes : ${dish.allergens.join(', ')}` : 'Sans allergène déclaré'}</span>
              </th>
              {sheet.tours.map((tour) => (
                <td key={tour} className={styles.number}>
                  {dish.by_tour[tour] ?? 0}
                </td>
              ))}
              <td className={`${styles.number} ${styles.total}`}>{dish.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Orders placed or cancelled since this member last printed the sheet. */
function Changes({ sheet }: { sheet: KitchenSheet }) {
  if (!sheet.printed_at) return null;
  const since = frenchClock(new Date(sheet.printed_at));
  if (sheet.changes.length === 0) return <p className={page.muted}>Rien n’a changé depuis votre impression de {since}.</p>;
  return (
    <Alert tone="info" className={styles.changes}>
      <p>
        <strong>Depuis votre impression de {since} :</strong>
      </p>
      <ul>
        {sheet.changes.map((change) => (
          <li key={`${change.order_id}-${change.kind}`}>
            {change.kind === 'placed' ? '+ ' : '− '}
            {change.invoice_number ?? `commande n° ${change.order_id}`} {change.kind === 'placed' ? 'commandée' : 'annulée'} à {frenchClock(new Date(change.at))} ({plural(change.portions, 'portion', 'portions')})
          </li>
        ))}
      </ul>
    </Alert>
  );
}
