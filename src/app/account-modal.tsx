import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '../components/ui/dialog';
import { LinkButton } from '../components/ui/link-button';
import { AccountPanel } from '../features/account/components/account-panel';
import { LoginForm } from '../features/account/components/login-form';
import { ResetRequestForm } from '../features/account/components/password-reset-forms';
import { SignupForm } from '../features/account/components/signup-form';
import { DeliverySummary } from '../features/delivery/components/delivery-summary';
import { useAppState } from '../lib/app-state';
import { formatLongDate } from '../lib/format';
import { closePanel, openPanel, useOpenVolet } from '../lib/panel-history';
import { notify } from '../lib/snackbar-store';
import { paperVouchersEnabled } from '../shared/settings-rules';
import styles from './account-modal.module.css';

/**
 * The account modal (docs/product/accounts.md): a guest logs in or signs up (switchable, with the reset modal
 * behind 'Mot de passe oublié'); a customer sees their space.
 */
export function AccountModal() {
  const volet = useOpenVolet();
  const navigate = useNavigate();
  const { data: state } = useAppState();
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const customer = state?.customer ?? null;
  const date = state?.current_delivery_date ?? null;

  function welcome() {
    closePanel('account');
    notify({ title: 'Bienvenue !', message: 'Vous êtes connecté à votre compte Popote.', type: 'success' });
  }

  return (
    <>
      <Dialog open={volet === 'compte'} title={customer || mode === 'login' ? 'Mon compte' : 'Nouveau compte'} onClose={() => closePanel('account')} placement="panel-right">
        {customer ? (
          <AccountPanel
            showPool={paperVouchersEnabled(state?.settings ?? {})}
            delivery={
              <DeliverySummary
                delivery={state?.current_delivery ?? null}
                dateLabel={date ? formatLongDate(date) : null}
                onChoose={() => openPanel('deliverySelector')}
              />
            }
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
            {mode === 'login' ? (
              <LoginForm
                onLoggedIn={welcome}
                onForgotPassword={() => openPanel('passwordReset')}
              />
            ) : (
              <SignupForm onSignedUp={welcome} />
            )}
            <p className={styles.switch}>
              {mode === 'login' ? 'Pas encore de compte ?' : 'Déjà client ?'}{' '}
              <LinkButton onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}>{mode === 'login' ? 'Créer un compte' : 'Se connecter'}</LinkButton>
            </p>
          </div>
        )}
      </Dialog>
      <Dialog open={volet === 'mot-de-passe'} title="Mot de passe oublié" onClose={() => closePanel('passwordReset')}>
        <div className={styles.guest}>
          <p className={styles.hint}>Indiquez l’adresse e-mail de votre compte : nous vous envoyons un lien valable une heure.</p>
          <ResetRequestForm />
        </div>
      </Dialog>
    </>
  );
}
