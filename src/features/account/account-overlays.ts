import { lazyOverlay } from '../../lib/lazy-overlay';

const modals = () => import('./components/account-modal');

/** The account's panels, by their name in the address; the app gives the account panel the chosen delivery it shows. */
export const accountOverlays = {
  compte: lazyOverlay(() => modals().then((m) => m.AccountModal)),
  'mot-de-passe': lazyOverlay(() => modals().then((m) => m.PasswordResetModal)),
};

