import styles from './spinner.module.css';

/** A large "in progress" ring for loaders and pop-ins (buttons draw their own small one). */
export function Spinner({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
}
