import styles from './overlay.module.css';

/** The shared backdrop shown whenever a modal or pop-in is open. */
export function Overlay({ visible, onClick }: { visible: boolean; onClick: () => void }) {
  if (!visible) return null;
  return <div className={styles.overlay} data-testid="overlay" onClick={onClick} aria-hidden="true" />;
}
