import type { RoundStop as Stop } from '../../shared/api/courier-round';
import { frenchTimeRange } from '../../shared/time';
import type { KeptEvent } from '../round/outbox-rules';
import { directionsUrl, type NewEvent, type ShownOrder } from '../round/round-display';
import { RoundOrder } from './round-order';
import hidden from '../../components/ui/visually-hidden.module.css';
import styles from './round-page.module.css';

/** A stop: its number, point, address and window, the way there, and its bags. */
export function RoundStop({
  stop,
  closed,
  busy,
  entries,
  record,
}: {
  stop: Omit<Stop, 'orders'> & { orders: ShownOrder[] };
  closed: boolean;
  /** The last action still waits for the server (the phone cannot keep actions): no other tap yet. */
  busy: boolean;
  entries: readonly KeptEvent[];
  record: (events: NewEvent[], label: string) => Promise<void>;
}) {
  const headingId = `arret-${stop.location_id}`;
  return (
    <li className={styles.stop} aria-labelledby={headingId}>
      <div className={styles.stopHead}>
        <h2 id={headingId}>
          <span className={styles.rank}>Arrêt {stop.rank}</span> {stop.name}
        </h2>
        <p className={styles.address}>{stop.address}</p>
        {stop.start && stop.end && (
          <p className={styles.window}>
            {frenchTimeRange(stop.start, stop.end)}
          </p>
        )}
        <a className={styles.directions} href={directionsUrl(stop)} target="_blank" rel="noreferrer">
          Itinéraire<span className={hidden.srOnly}> vers {stop.name} (ouvre l’application de navigation)</span>
        </a>
      </div>
      {stop.orders.length === 0 ? (
        <p className={styles.noBag}>Aucun sac à cet arrêt.</p>
      ) : (
        <ul className={styles.orders}>
          {stop.orders.map((order) => (
            <RoundOrder key={order.order_id} order={order} closed={closed} busy={busy} entries={entries} record={record} />
          ))}
        </ul>
      )}
    </li>
  );
}
