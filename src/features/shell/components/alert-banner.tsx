import styles from './alert-banner.module.css';

/** The homepage alert, shown only when alert_homepage_bool is not '0' and there is a text. */
export function AlertBanner({ enabled, text }: { enabled: boolean; text: string | undefined }) {
  if (!enabled || !text) return null;
  return (
    <div className={styles.banner} role="status">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3l10 18H2zM12 10v5m0 3v.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p>{text}</p>
    </div>
  );
}
