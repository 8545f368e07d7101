import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import styles from './login-page.module.css';

/** /compte/mot-de-passe/:token?: ask for a reset link, or set a new password from one. */
export function PasswordResetPage({ hasToken, form }: { hasToken: boolean; form?: ReactNode }) {
  return hasToken ? (
    <Page title="Choisir un nouveau mot de passe" lead="Saisissez votre adresse e-mail et votre nouveau mot de passe (8 caractères au moins).">
      <div className={`${styles.card} ${styles.narrow}`}>{form}</div>
    </Page>
  ) : (
    <Page
      title="Mot de passe oublié"
      lead="Indiquez l’adresse e-mail de votre compte : nous vous envoyons un lien valable une heure pour choisir un nouveau mot de passe."
    >
      <div className={`${styles.card} ${styles.narrow}`}>{form}</div>
    </Page>
  );
}
