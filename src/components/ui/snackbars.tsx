import { useSnapshot } from 'valtio';
import { dismiss, snackbars } from '../../lib/snackbar-store';
import styles from './snackbars.module.css';

/** The snackbar queue, announced politely to screen readers. */
export function Snackbars() {
  const { queue } = useSnapshot(snackbars);
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
