import { useSnapshot } from 'valtio';
import { dismiss, snackbars, type Snackbar } from '../../lib/snackbar-store';
import { useHydratedValue } from '../../lib/use-hydrated';
import styles from './snackbars.module.css';

const NONE: readonly Snackbar[] = [];

/** The snackbar queue, announced politely to screen readers. */
export function Snackbars() {
  // Hydrated empty, as the server drew it: this boundary hydrates in a later pass, and a notice
  // queued meanwhile (a held tap on « Ajouter », made once the shell is hydrated) would not match
  // the server's page (React's #418, the whole boundary drawn again). It shows once hydrated.
  const queue = useHydratedValue(useSnapshot(snackbars).queue, NONE);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="false" data-transient="">
      {queue.map((s) => (
        <div key={s.id} className={`${styles.snackbar} ${styles[s.type]}`} data-testid="snackbar">
          <div>
            {s.title ? <strong className={styles.title}>{s.title}</strong> : null}
            <span>{s.message}</span>
          </div>
          <button type="button" className={styles.close} onClick={() => dismiss(s.id)} aria-label="Fermer la notification">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
