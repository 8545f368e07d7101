import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { applyUpdate } from './pwa-store';
import styles from './update-prompt.module.css';

/** "Une nouvelle version est disponible": applied only on the customer's click (see update-notice). */
export function UpdatePrompt() {
  const [applying, setApplying] = useState(false);
  return (
    <div className={styles.region}>
      <div className={styles.notice} data-testid="update-notice">
        <p className={styles.text}>
          <strong>Une nouvelle version est disponible.</strong> Votre panier est conservé.
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
