import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import hidden from '../../../components/ui/visually-hidden.module.css';
import styles from './error-page.module.css';

/** 'Oups': the error page for unknown routes (404) and failures (500 by default). */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const text = message ?? (status === 404 ? 'Cette page est introuvable.' : 'Une erreur inattendue est survenue.');
  return (
    <div className={styles.page}>
      <p className={styles.status} aria-hidden="true">
        {status}
      </p>
      <h1 className={styles.title}>Oups</h1>
      <p className={styles.wind}>Le vent nous a emportés un peu trop loin… {text}</p>
      <p className={hidden.srOnly}>Erreur {status}</p>
      <Link to="/" className={buttonClass('primary')}>
        Revenir à l&apos;accueil
      </Link>
    </div>
  );
}
