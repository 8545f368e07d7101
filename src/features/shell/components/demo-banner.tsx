import styles from './demo-banner.module.css';

/** While the sandbox is on, every page says that nothing here is real money. */
export function DemoBanner({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <p className={styles.banner} role="note">
      Démonstration : aucun paiement réel n’est encaissé.
    </p>
  );
}
