import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import styles from './login-page.module.css';

interface LoginPageProps {
  login?: ReactNode;
  signup?: ReactNode;
}

/** /login: sign in or create an account, side by side on wide screens. */
export function LoginPage({ login, signup }: LoginPageProps) {
  return (
    <Page title="Connexion" lead="Retrouvez vos commandes, vos factures, votre cagnotte et vos consignes.">
      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="login-title">
          <h2 id="login-title">Déjà client ?</h2>
          <p className={styles.hint}>Connectez-vous avec l’adresse e-mail et le mot de passe de votre compte Popote.</p>
          {login}
        </section>
        <section className={styles.card} aria-labelledby="signup-title">
          <h2 id="signup-title">Nouveau sur Popote ?</h2>
          <p className={styles.hint}>
            Créez votre compte en une minute : il vous suffit d’un e-mail et d’un numéro de téléphone pour que le livreur puisse vous
            joindre.
          </p>
          {signup}
        </section>
      </div>
    </Page>
  );
}
