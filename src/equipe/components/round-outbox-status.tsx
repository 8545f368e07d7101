import { Button } from '../../components/ui/button';
import { outboxLabel, pendingOf, rejectedOf, type KeptEvent } from '../round/outbox-rules';
import type { SendState } from '../round/round-sync';
import { useNow } from '../round/use-round-outbox';
import styles from './round-page.module.css';

/**
 * The page's header line: everything sent, or how many actions wait and since when, and why they
 * wait. In a live region: the courier's screen reader hears it change.
 */
export function RoundOutboxStatus({ entries, state, onRetry }: { entries: readonly KeptEvent[]; state: SendState; onRetry: () => void }) {
  const now = useNow();
  const pending = pendingOf(entries).length;
  return (
    <div className={pending > 0 ? `${styles.outbox} ${styles.waiting}` : styles.outbox}>
      <p aria-live="polite" aria-atomic="true" className={styles.outboxLine} data-testid="round-outbox">
        {outboxLabel(entries, now)}
      </p>
      {pending > 0 && (
        <div className={styles.outboxMore}>
          <p>
            {state.sending
              ? 'Envoi en cours…'
              : (state.problem ?? 'Gardées sur le téléphone : elles partiront dès que le réseau le permet.')}
          </p>
          {!state.sending && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Envoyer maintenant
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** What the server refused, with its reason, until the courier says they read it. */
export function RoundRejections({ entries, names, onAcknowledge }: { entries: readonly KeptEvent[]; names: ReadonlyMap<number, string>; onAcknowledge: (id: string) => void }) {
  const rejected = rejectedOf(entries);
  if (rejected.length === 0) return null;
  return (
    <section className={styles.rejections} aria-labelledby="round-rejections" role="alert">
      <h2 id="round-rejections">Actions refusées par le serveur</h2>
      <ul>
        {rejected.map((entry) => (
          <li key={entry.event.id}>
            <p>
              <strong>{ACTION_NAMES[entry.event.type]}</strong> ({names.get(entry.event.order_id) ?? `commande n° ${entry.event.order_id}`}) : {entry.rejection?.message}
            </p>
            <Button variant="secondary" size="sm" onClick={() => onAcknowledge(entry.event.id)}>
              J’ai compris
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ACTION_NAMES: Record<KeptEvent['event']['type'], string> = {
  handed_over: 'Remis',
  absent: 'Absent',
  vouchers_received: 'Titres reçus',
  containers_returned: 'Contenants repris',
  undo: 'Annulation',
};
