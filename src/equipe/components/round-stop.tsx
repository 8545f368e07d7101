import type { RoundStop as Stop } from '../../shared/api/courier-round';
import { Button } from '../../components/ui/button';
import { frenchClock, frenchTimeRange } from '../../shared/time';
import type { KeptEvent } from '../round/outbox-rules';
import { directionsUrl, type NewEvent, type ShownOrder } from '../round/round-display';
import { RoundOrder } from './round-order';
import hidden from '../../components/ui/visually-hidden.module.css';
import styles from './round-page.module.css';

/**
 * A stop: its number, point, address and window, the way there, "Arrivé" (its customers are told,
 * docs/product/notifications.md: one tap, kept offline like any action), and its bags.
 */
export function RoundStop({
  stop,
  arrivedAt,
  closed,
  busy,
  entries,
  record,
}: {
  stop: Omit<Stop, 'orders'> & { orders: ShownOrder[] };
  /** When the courier arrived here: the server's (any phone), else this phone's pending tap; null before. */
  arrivedAt: string | null;
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
        {arrivedAt ? (
          <p className={styles.arrived} role="status">
            Arrivé à {frenchClock(new Date(arrivedAt))}
          </p>
        ) : closed || stop.orders.length === 0 ? null : (
          <Button className={styles.arrive} size="sm" disabled={busy} onClick={() => void record([{ type: 'arrived', location_id: stop.location_id }], stop.name)}>
            Arrivé<span className={hidden.srOnly}> à {stop.name} (prévient les clients)</span>
          </Button>
        )}
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
