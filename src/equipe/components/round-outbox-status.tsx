import { Button } from '../../components/ui/button';
import { plural } from '../../lib/format';
import type { OutboxMode } from '../round/outbox';
import { heldByAuthor, outboxLabel, pendingOf, rejectedTaps, type KeptEvent } from '../round/outbox-rules';
import type { SendState } from '../round/round-sync';
import { useNow } from '../round/use-round-outbox';
import styles from './round-page.module.css';

/**
 * The page's header line: everything sent, or how many actions wait and since when, and why they
 * wait (the network, a refusal that stopped the sending, another member's actions waiting for
 * them). In a live region: the courier's screen reader hears it change. Before that, when the
 * phone refuses to keep actions, says so before the first tap.
 */
export function RoundOutboxStatus({ entries, state, mode, memberId, onRetry }: { entries: readonly KeptEvent[]; state: SendState; mode: OutboxMode; memberId: number | null; onRetry: () => void }) {
  const now = useNow();
  const pending = pendingOf(entries).length;
  const held = heldByAuthor(entries, memberId);
  const sendable = pending > 0 && pendingOf(entries).some((entry) => !entry.author || entry.author.id === memberId);
  return (
    <>
      {mode === 'direct' && (
        <p className={styles.unkept} role="alert" data-testid="round-unkept">
          <strong>Ce téléphone ne garde pas vos actions</strong> (stockage du navigateur refusé ou bloqué). Chaque action part
          aussitôt au serveur : attendez qu’il l’ait reçue avant la suivante. Sans réseau, l’action attend sur cette page ouverte
          seulement ; pour travailler hors réseau, autorisez le stockage du site puis rechargez la page.
        </p>
      )}
      <div className={pending > 0 ? `${styles.outbox} ${styles.waiting}` : styles.outbox}>
        <p aria-live="polite" aria-atomic="true" className={styles.outboxLine} data-testid="round-outbox">
          {outboxLabel(entries, now)}
        </p>
        {held.map(({ author, actions }) => (
          <p key={author.id} className={styles.held} data-testid="round-held">
            {plural(actions, 'action enregistrée', 'actions enregistrées')} par {author.name} {actions > 1 ? 'attendent' : 'attend'} ici : {author.name} doit se
            connecter sur ce téléphone pour {actions > 1 ? 'les envoyer' : 'l’envoyer'}. Rien n’est perdu.
          </p>
        ))}
        {sendable && (
          <div className={styles.outboxMore}>
            <p role={state.stopped ? 'alert' : undefined}>
              {state.sending
                ? mode === 'direct'
                  ? 'Envoi au serveur… attendez sa réponse.'
                  : 'Envoi en cours…'
                : (state.stopped ?? state.problem ?? 'Gardées sur le téléphone : elles partiront dès que le réseau le permet.')}
            </p>
            {!state.sending && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                Envoyer maintenant
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}

/** What the server refused, with its reason, until the courier says they read it. */
/**
 * What the server refused, with its reason, until the courier says they read it: one line per tap
 * ("Remis" with its vouchers and containers refused is one refusal, acknowledged at once).
 */
export function RoundRejections({ entries, names, onAcknowledge }: { entries: readonly KeptEvent[]; names: ReadonlyMap<number, string>; onAcknowledge: (ids: string[]) => void }) {
  const taps = rejectedTaps(entries);
  if (taps.length === 0) return null;
  return (
    <section className={styles.rejections} aria-labelledby="round-rejections" role="alert">
      <h2 id="round-rejections">Actions refusées par le serveur</h2>
      <ul>
        {taps.map((tap) => {
          const first = tap[0]!;
          return (
            <li key={first.tap}>
              <p>
                <strong>{ACTION_NAMES[first.event.type]}</strong> ({whose(first, names)}) : {first.rejection?.message}
              </p>
              <Button variant="secondary" size="sm" onClick={() => onAcknowledge(tap.map((entry) => entry.event.id))}>
                J’ai compris
              </Button>
            </li>
          );
        })}
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
  arrived: 'Arrivé',
};

/** Whose bag a refused action was for; a stop's "Arrivé" names its stop (kept as its label). */
function whose(entry: KeptEvent, names: ReadonlyMap<number, string>): string {
  if (entry.event.type === 'arrived') return entry.label ?? `arrêt n° ${entry.event.location_id}`;
  return names.get(entry.event.order_id) ?? `commande n° ${entry.event.order_id}`;
}
