import { NOT_TO_HAND_OVER } from '../../shared/api/courier-round';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { QueryStatus } from '../../components/ui/query-status';
import { formatShortDateTime } from '../../lib/format';
import { notify } from '../../lib/snackbar-store';
import type { Round } from '../../shared/api/courier-round';
import { isOrderEntry, keptArrival, pendingActions, type KeptAuthor } from '../round/outbox-rules';
import { orderLabel, shownRound, tallyOf, type NewEvent } from '../round/round-display';
import { forgetTour, roundQuery } from '../round/round-queries';
import { staffMeQuery } from '../team-api';
import { useRoundOutbox } from '../round/use-round-outbox';
import { DayHeading } from './day-picker';
import { RoundOutboxStatus, RoundRejections } from './round-outbox-status';
import { RoundStop } from './round-stop';
import { RoundSummary } from './round-summary';
import page from './team-page.module.css';
import styles from './round-page.module.css';

/** One round: what is left to send, the stops in order with their bags, and the summary to close it. */
export function RoundView({ tourId, date, others }: { tourId: number; date: string; others: boolean }) {
  const round = useQuery(roundQuery(tourId, date));
  useWarmMap(round.isSuccess && !round.isPlaceholderData);
  const outbox = useRoundOutbox();
  const member = useQuery(staffMeQuery).data;
  const me = member && !member.pending ? { id: member.id, name: member.name } : null;
  // A refusal names the customer and the bag, as the courier knows them.
  const names = useMemo(
    () =>
      new Map([
        ...outbox.entries.filter(isOrderEntry).flatMap((entry) => (entry.label ? [[entry.event.order_id, entry.label] as const] : [])),
        ...(round.data?.stops ?? []).flatMap((stop) => stop.orders.map((order) => [order.order_id, orderLabel(order)] as const)),
      ]),
    [round.data, outbox.entries],
  );
  return (
    <>
      <DayHeading title={round.data ? round.data.name : 'Ma tournée'} date={date} />
      {others && (
        <p>
          <Link to="/equipe/tournee" search={{ date }} onClick={() => forgetTour(date)}>
            Changer de tournée
          </Link>
        </p>
      )}
      <RoundOutboxStatus entries={outbox.entries} state={outbox.state} mode={outbox.mode} memberId={me?.id ?? null} onRetry={() => void outbox.sender?.retry()} />
      <RoundRejections entries={outbox.entries} names={names} onAcknowledge={(ids) => void outbox.sender?.outbox.acknowledge(ids)} />
      {round.isError && round.data && (
        <p className={styles.stale} role="status">
          Tournée telle que lue le {formatShortDateTime(new Date(round.dataUpdatedAt))} : le réseau ne répond pas, elle sera relue dès son retour.
        </p>
      )}
      <QueryStatus query={round} loading="Chargement de la tournée…" error="Impossible de charger la tournée.">
        {(data) => <RoundBody round={data} readAt={round.dataUpdatedAt} outbox={outbox} me={me} />}
      </QueryStatus>
    </>
  );
}

function RoundBody({ round, readAt, outbox, me }: { round: Round; readAt: number; outbox: ReturnType<typeof useRoundOutbox>; me: KeptAuthor | null }) {
  const mine = useMemo(() => outbox.entries.filter((entry) => entry.tour_id === round.tour_id && entry.date === round.date), [outbox.entries, round]);
  const stops = useMemo(() => shownRound(round, mine, readAt), [round, mine, readAt]);
  const tally = useMemo(() => tallyOf(stops.flatMap((stop) => stop.orders)), [stops]);
  const closed = round.closed_at !== null;
  const record = async (events: NewEvent[], label: string) => {
    if (!outbox.sender) return;
    try {
      // Kept on the phone first; the screen follows the outbox, then the sending starts.
      // Who tapped, kept with it: it leaves only with their session.
      await outbox.sender.outbox.record({ tour_id: round.tour_id, date: round.date }, events, new Date(), label, me);
      void outbox.sender.flush();
    } catch {
      notify({ title: 'Action non enregistrée', message: 'Le téléphone n’a pas pu garder cette action : réessayez.', type: 'error' });
    }
  };
  const pending = pendingActions(mine);
  // The phone keeps nothing: one action at a time, the screen waits for the server to have it.
  const busy = outbox.mode === 'direct' && pending > 0;
  return (
    <>
      <p className={page.muted}>
        Livreur : <strong>{round.courier?.name ?? 'personne de nommé'}</strong>
      </p>
      {closed && (
        <p className={styles.closed} role="status">
          Tournée close le {formatShortDateTime(new Date(round.closed_at!))}
          {round.closed_by ? ` par ${round.closed_by}` : ''} : plus aucune action n’est possible.
        </p>
      )}
      {stops.length === 0 ? (
        <p className={page.empty}>Aucun arrêt sur cette tournée ce jour-là.</p>
      ) : (
        <StopsMap stops={stops} />
      )}
      {stops.length === 0 ? null : (
        <ol className={styles.stops}>
          {stops.map((stop) => (
            <RoundStop key={stop.location_id} stop={stop} arrivedAt={stop.arrived_at ?? keptArrival(mine, round, stop.location_id)} closed={closed} busy={busy} entries={mine} record={record} />
          ))}
        </ol>
      )}
      <RoundSummary round={round} tally={tally} pending={pending} />
    </>
  );
}

const RoundMap = lazy(() => import('./round-map'));

/**
 * The round's stops on a map, opened on demand (maplibre is large; the list is what the courier
 * follows). A pin brings its stop into view and its heading into focus.
 */
function StopsMap({ stops }: { stops: { location_id: number; rank: number; name: string; lat: number | null; lng: number | null; orders: { outcome: string | null; state: string }[] }[] }) {
  const [open, setOpen] = useState(false);
  const placed = stops.flatMap((s) => (s.lat !== null && s.lng !== null ? [{ id: s.location_id, rank: s.rank, name: s.name, lat: s.lat, lng: s.lng, done: s.orders.length > 0 && s.orders.every((o) => o.outcome !== null || Boolean(NOT_TO_HAND_OVER[o.state])) }] : []));
  if (!placed.length) return null;
  const show = (id: number) => {
    const heading = document.getElementById(`arret-${id}`);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  return (
    <details className={styles.mapBox} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Carte des arrêts</summary>
      {open ? (
        <Suspense fallback={<p className={page.muted}>Chargement de la carte…</p>}>
          <RoundMap stops={placed} onSelect={show} />
        </Suspense>
      ) : null}
    </details>
  );
}

/**
 * Once the round is read online, the service worker keeps the map around the delivery points (its
 * code, style and tiles, as after a shop page): the map then opens offline at the stops.
 */
function useWarmMap(ready: boolean) {
  useEffect(() => {
    if (!ready || !import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.onLine) return;
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'WARM', pixelRatio: devicePixelRatio }));
  }, [ready]);
}
