import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { QueryStatus } from '../../components/ui/query-status';
import { plural } from '../../lib/format';
import { rememberedTour, rememberTour, roundsQuery } from '../round/round-queries';
import { staffMeQuery, useSetRoundCourier } from '../team-api';
import { notify } from '../../lib/snackbar-store';
import { CourierSelect } from './courier-select';
import { DayHeading } from './day-picker';
import { RoundView } from './round-view';
import page from './team-page.module.css';
import styles from './round-page.module.css';
import { useTeamNews } from '../team-news';

/**
 * "Ma tournée" (/equipe/tournee): the courier's round of the day on the phone. The tour is the
 * address's, else the day's only one, else the one last opened here that day, else a list.
 */
export function RoundPage({ date, tour }: { date: string; tour?: number }) {
  const rounds = useQuery(roundsQuery(date));
  // Another phone's taps, an admin's change, a bag cancelled: the round is read again at once.
  useTeamNews(date);
  const admin = Boolean(useQuery(staffMeQuery).data?.roles.includes('admin'));
  const setCourier = useSetRoundCourier(date);
  const list = rounds.data?.rounds;
  const remembered = typeof window === 'undefined' ? null : rememberedTour(date);
  // An admin sees every round, and picks one (or names its courier) from the list.
  const chosen =
    tour ??
    (list?.length === 1 && !admin ? list[0]!.tour_id : undefined) ??
    (remembered !== null && (!list || list.some((r) => r.tour_id === remembered)) ? remembered : undefined);
  useEffect(() => {
    if (chosen !== undefined) rememberTour(date, chosen);
  }, [chosen, date]);
  if (chosen !== undefined) {
    return <RoundView key={`${chosen}|${date}`} tourId={chosen} date={date} others={(list?.length ?? 0) > 1} />;
  }
  return (
    <>
      <DayHeading title="Ma tournée" date={date} />
      <QueryStatus query={rounds} loading="Chargement des tournées…" error="Impossible de charger les tournées du jour.">
        {(data) =>
          data.rounds.length === 0 ? (
            <p className={page.empty}>Aucune tournée ce jour-là.</p>
          ) : (
            <>
              <p>{admin ? 'Les tournées du jour et leur livreur :' : 'Choisissez votre tournée :'}</p>
              <ul className={styles.choices}>
                {data.rounds.map((round) => (
                  <li key={round.tour_id} className={admin ? styles.choiceRow : undefined}>
                    <Link to="/equipe/tournee" search={{ date, tour: round.tour_id }} className={styles.choice}>
                      <strong>{round.name}</strong>
                      <span>
                        {plural(round.stops, 'arrêt', 'arrêts')}, {plural(round.bags, 'sac', 'sacs')}
                        {round.cancelled ? ` (+ ${plural(round.cancelled, 'annulé', 'annulés')})` : ''}
                        {round.closed_at ? ' — close' : ''}
                      </span>
                      {!admin || round.courier === null ? null : <span>Livreur : {round.courier.name}</span>}
                    </Link>
                    {admin && (
                      <CourierSelect
                        label="Livreur de ce jour"
                        value={round.courier}
                        disabled={round.closed_at !== null || setCourier.isPending}
                        onChange={(staffId) =>
                          setCourier.mutate(
                            { tourId: round.tour_id, staffId },
                            { onError: (error) => notify({ title: round.name, message: error.message, type: 'error' }) },
                          )
                        }
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryStatus>
    </>
  );
}

