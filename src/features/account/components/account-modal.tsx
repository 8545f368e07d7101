import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { LinkButton } from '../../../components/ui/link-button';
import { useAppState } from '../../../lib/app-state';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel, openPanel } from '../../../lib/panel-history';
import { notify } from '../../../lib/snackbar-store';
import { paperVouchersEnabled } from '../../../shared/settings-rules';
import { AccountPanel } from './account-panel';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './password-reset-forms';
import { SignupForm } from './signup-form';
import styles from './account-modal.module.css';

/**
 * The account panel (`?volet=compte`, docs/product/accounts.md): a guest logs in or signs up
 * (switchable, with the password reset behind 'Mot de passe oublié'); a customer sees their space.
 * `delivery`: the chosen delivery, shown by the app; `notices`: the arrival notices' offer, given by the app.
 */
export function AccountModal({ open, delivery, notices }: OverlayProps & { delivery: ReactNode; notices?: ReactNode }) {
  const navigate = useNavigate();
  const { data: state } = useAppState();
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const customer = state?.customer ?? null;

  function welcome() {
    closePanel('account');
    notify({ title: 'Bienvenue !', message: 'Vous êtes connecté à votre compte Popote.', type: 'success' });
  }

  return (
    <Dialog open={open} title={customer || mode === 'login' ? 'Mon compte' : 'Nouveau compte'} onClose={() => closePanel('account')} placement="panel-right">
      {customer ? (
        <AccountPanel
          showPool={paperVouchersEnabled(state?.settings ?? {})}
          delivery={delivery}
          notices={notices}
          onLoggedOut={() => {
            // Logout goes to the root (the panel goes with the address).
            void navigate({ to: '/' });
            notify({ title: 'À bientôt', message: 'Vous êtes déconnecté.', type: 'info' });
          }}
          // The contact form in its account mode (the help panel).
          onHelp={() => openPanel('help')}
        />
      ) : (
        <div className={styles.guest}>
          {mode === 'login' ? <LoginForm onLoggedIn={welcome} onForgotPassword={() => openPanel('passwordReset')} /> : <SignupForm onSignedUp={welcome} />}
          <p className={styles.switch}>
            {mode === 'login' ? 'Pas encore de compte ?' : 'Déjà client ?'}{' '}
            <LinkButton onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}>{mode === 'login' ? 'Créer un compte' : 'Se connecter'}</LinkButton>
          </p>
        </div>
      )}
    </Dialog>
  );
}

/** The password reset request (`?volet=mot-de-passe`): a link valid an hour is mailed. */
export function PasswordResetModal({ open }: OverlayProps) {
  return (
    <Dialog open={open} title="Mot de passe oublié" onClose={() => closePanel('passwordReset')}>
      <div className={styles.guest}>
        <p className={styles.hint}>Indiquez l’adresse e-mail de votre compte : nous vous envoyons un lien valable une heure.</p>
        <ResetRequestForm />
      </div>
    </Dialog>
  );
}
