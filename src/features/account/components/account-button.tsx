import { HeaderButton, HeaderButtonLabel } from '../../../components/ui/header-button';
import { useAppStateOf } from '../../../lib/app-state';
import { openPanel } from '../../../lib/panel-history';

/** The header's account button: who is there decides its words, and it alone follows that. */
export function AccountButton() {
  const loggedIn = useAppStateOf((state) => Boolean(state.customer?.id)) ?? false;
  return (
    <HeaderButton onClick={() => openPanel('account')}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <HeaderButtonLabel>{loggedIn ? 'Mon compte' : 'Se connecter'}</HeaderButtonLabel>
    </HeaderButton>
  );
}
