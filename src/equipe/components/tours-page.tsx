import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { QueryStatus } from '../../components/ui/query-status';
import { useOnline } from '../../lib/connection-store';
import { notify } from '../../lib/snackbar-store';
import { WEEKDAY_LABELS, type StaffTour } from '../../shared/api/staff-rounds';
import { staffMeQuery, staffToursQuery, useSetTourCouriers, useSetTourStops } from '../team-api';
import { CourierSelect } from './courier-select';
import { DayHeading } from './day-picker';
import hidden from '../../components/ui/visually-hidden.module.css';
import styles from './tours-page.module.css';
import page from './team-page.module.css';
import { pathOf } from '../../shared/api/route-table';
import { ROUNDS } from '../../shared/api/routes/rounds';

/** A point's short name for the buttons' labels: 'Part-Dieu' for 'Part-Dieu – Gare (place …)'. */
const shortPoint = (name: string) => name.split(' – ')[0]!;

/**
 * The tours (admin; a courier reads them): each tour's stops in the round's order, moved up and
 * down by an admin, and the day's round sheets and bag labels as PDFs.
 */
export function ToursPage({ date }: { date: string }) {
  const tours = useQuery(staffToursQuery);
  const me = useQuery(staffMeQuery).data;
  const online = useOnline();
  const admin = Boolean(me?.roles.includes('admin'));
  const labels = admin || Boolean(me?.roles.includes('cuisine'));
  const [said, say] = useState('');
  return (
    <>
      <DayHeading title="Tournées" date={date} />
      <p className={page.muted}>
        L’ordre des arrêts est celui de la feuille de route et des numéros d’arrêt des étiquettes ; les étiquettes sortent dans l’ordre inverse, le dernier arrêt chargé en premier.
      </p>
      {labels && (
        <p>
          <a className={styles.pdf} href={pathOf(ROUNDS.getStaffLabelsPdf, null, { date })} target="_blank" rel="noreferrer">
            Étiquettes (PDF)
          </a>{' '}
          <span className={page.muted}>toutes les tournées, planches A4 de 3 × 8 étiquettes de 70 × 37 mm</span>
        </p>
      )}
      <OfflineReason offline={!online} />
      <p role="status" className={hidden.srOnly}>
        {said}
      </p>
      <QueryStatus query={tours} loading="Chargement des tournées…" error="Impossible de charger les tournées.">
        {(data) =>
          data.tours.length === 0 ? (
            <p className={page.empty}>Aucune tournée.</p>
          ) : (
            <div className={styles.tours}>
              {data.tours.map((tour) => (
                <TourCard key={tour.id} tour={tour} date={date} admin={admin} labels={labels} online={online} say={say} />
              ))}
            </div>
          )
        }
      </QueryStatus>
    </>
  );
}

function TourCard({ tour, date, admin, labels, online, say }: { tour: StaffTour; date: string; admin: boolean; labels: boolean; online: boolean; say: (text: string) => void }) {
  const setStops = useSetTourStops();
  const move = (index: number, by: -1 | 1) => {
    const ids = tour.stops.map((s) => s.location_id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    const name = shortPoint(tour.stops[index]!.name);
    say(`${name} : arrêt ${index + by + 1} de ${tour.name}.`);
    setStops.mutate(
      { tourId: tour.id, locationIds: ids },
      { onError: (error) => notify({ title: tour.name, message: error.message, type: 'error' }) },
    );
    // The button keeps the focus as the stop moves; at an end, its other button takes it.
    requestAnimationFrame(() => {
      const at = index + by;
      const again = document.getElementById(buttonId(tour.id, moved!, by));
      const other = document.getElementById(buttonId(tour.id, moved!, by === -1 ? 1 : -1));
      ((at === 0 || at === ids.length - 1) && other ? other : again)?.focus();
    });
  };
  return (
    <section className={styles.tour} aria-labelledby={`tour-${tour.id}`}>
      <h2 id={`tour-${tour.id}`}>{tour.name}</h2>
      <p className={styles.links}>
        <a className={styles.pdf} href={pathOf(ROUNDS.getStaffRoundsByIdSheetPdf, { id: tour.id }, { date })} target="_blank" rel="noreferrer">
          Feuille de route (PDF)
        </a>
        {labels && (
          <a className={styles.pdf} href={pathOf(ROUNDS.getStaffLabelsPdf, null, { date, tour: tour.id })} target="_blank" rel="noreferrer">
            Étiquettes (PDF)
          </a>
        )}
      </p>
      <ol className={styles.stops}>
        {tour.stops.map((stop, index) => (
          <li key={stop.location_id} className={styles.stop}>
            <span className={styles.rank} aria-hidden="true">
              {stop.rank}
            </span>
            <span className={styles.point}>
              <strong>{stop.name}</strong>
              <span className={page.muted}>{stop.address}</span>
            </span>
            {admin && (
              <span className={styles.moves}>
                <Button
                  id={buttonId(tour.id, stop.location_id, -1)}
                  variant="secondary"
                  size="sm"
                  aria-label={`Monter ${shortPoint(stop.name)}`}
                  disabled={index === 0 || !online}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  id={buttonId(tour.id, stop.location_id, 1)}
                  variant="secondary"
                  size="sm"
                  aria-label={`Descendre ${shortPoint(stop.name)}`}
                  disabled={index === tour.stops.length - 1 || !online}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {admin && <UsualCouriers tour={tour} online={online} />}
    </section>
  );
}

/**
 * The tour's usual courier of each weekday (admin): the rounds of that weekday are theirs, the
 * days ahead included, unless another is named for one day (on "Ma tournée"'s list of the day).
 */
function UsualCouriers({ tour, online }: { tour: StaffTour; online: boolean }) {
  const set = useSetTourCouriers();
  return (
    <details className={styles.couriers}>
      <summary>
        Livreurs habituels :{' '}
        {tour.couriers.some((c) => c.courier)
          ? [...new Set(tour.couriers.flatMap((c) => (c.courier ? [c.courier.name] : [])))].join(', ')
          : 'personne'}
      </summary>
      <div className={styles.weekdays}>
        {tour.couriers.slice(0, 6).map((entry) => (
          <CourierSelect
            key={entry.weekday}
            label={WEEKDAY_LABELS[entry.weekday - 1]!.replace(/^./, (c) => c.toUpperCase())}
            value={entry.courier}
            disabled={!online || set.isPending}
            onChange={(staffId) =>
              set.mutate(
                { tourId: tour.id, couriers: [{ weekday: entry.weekday, staff_id: staffId }] },
                { onError: (error) => notify({ title: tour.name, message: error.message, type: 'error' }) },
              )
            }
          />
        ))}
      </div>
    </details>
  );
}

const buttonId = (tourId: number, locationId: number, by: -1 | 1) => `stop-${tourId}-${locationId}-${by === -1 ? 'up' : 'down'}`;
