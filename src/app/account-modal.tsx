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
import { closeAll, closeModal, openModal, useOverlays } from '../lib/overlays-store';
import { notify } from '../lib/snackbar-store';
import { paperVouchersEnabled } from '../shared/settings-rules';
import styles from './account-modal.module.css';

/**
 * The account modal (docs/product/accounts.md): a guest logs in or signs up (switchable, with the reset modal
 * behind 'Mot de passe oublié'); a customer sees their space.
 */
export function AccountModal() {
  const snap = useOverlays();
  const navigate = useNavigate();
  const { data: state } = useAppState();
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const customer = state?.customer ?? null;
  const date = state?.current_delivery_date ?? null;

  function welcome() {
    closeModal('account');
    notify({ title: 'Bienvenue !', message: 'Vous êtes connecté à votre compte Popote.', type: 'success' });
  }

  return (
    <>
      <Dialog open={snap.modals.account} title={customer || mode === 'login' ? 'Mon compte' : 'Nouveau compte'} onClose={() => closeModal('account')} placement="panel-right">
        {customer ? (
          <AccountPanel
            showPool={paperVouchersEnabled(state?.settings ?? {})}
            delivery={
              <DeliverySummary
                delivery={state?.current_delivery ?? null}
                dateLabel={date ? formatLongDate(date) : null}
                onChoose={() => {
                  closeModal('account');
                  openModal('delivery_selector');
                }}
              />
            }
            onLoggedOut={() => {
              // Logout goes to the root.
              closeAll();
              void navigate({ to: '/' });
              notify({ title: 'À bientôt', message: 'Vous êtes déconnecté.', type: 'info' });
            }}
            onHelp={() => {
              // The contact form in its account mode (the contact modal).
              closeModal('account');
              openModal('contact');
            }}
          />
        ) : (
          <div className={styles.guest}>
            {mode === 'login' ? (
              <LoginForm
                onLoggedIn={welcome}
                onForgotPassword={() => {
                  closeModal('account');
                  openModal('reset_password');
                }}
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
      <Dialog open={snap.modals.reset_password} title="Mot de passe oublié" onClose={() => closeModal('reset_password')}>
        <div className={styles.guest}>
          <p className={styles.hint}>Indiquez l’adresse e-mail de votre compte : nous vous envoyons un lien valable une heure.</p>
          <ResetRequestForm />
        </div>
      </Dialog>
    </>
  );
}
