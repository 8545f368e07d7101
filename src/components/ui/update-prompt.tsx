import { useState, type ReactNode } from 'react';
import { applyUpdate } from '../../lib/app-update';
import { Button } from './button';
import styles from './update-prompt.module.css';

/** "Une nouvelle version est disponible": applied only on a click (see update-notice). */
export function UpdatePrompt({ kept }: { kept: ReactNode }) {
  const [applying, setApplying] = useState(false);
  return (
    <div className={styles.region}>
      <div className={styles.notice} data-testid="update-notice">
        <p className={styles.text}>
          <strong>Une nouvelle version est disponible.</strong> {kept}
        </p>
        <Button
          size="sm"
          busy={applying}
          onClick={() => {
            setApplying(true);
            applyUpdate();
          }}
        >
          Mettre à jour
        </Button>
      </div>
    </div>
  );
}
