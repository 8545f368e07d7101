import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { openPanel } from '../../../lib/panel-history';
import { HEADER_LINKS } from './nav-links';
import styles from './header.module.css';

interface HeaderProps {
  /** The account and cart buttons: each follows its own part of the visitor's state. */
  account: ReactNode;
  cart: ReactNode;
  /**
   * The delivery search bar, composed by the shell. While a dialog is open (a panel, a pop-in, a
   * recipe) it is hidden, not removed: its field, when it opened the dialog, is still there to take
   * the focus back on close.
   */
  search?: ReactNode;
}

export function Header({ account, cart, search }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button type="button" className={styles.menuButton} onClick={() => openPanel('mobileMenu')} aria-label="Ouvrir le menu">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to="/" className={styles.logo} aria-label="Popote, retour à l’accueil">
          <Logo />
        </Link>
        <nav className={styles.nav} aria-label="Navigation principale">
          <ul>
            {HEADER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} activeProps={{ 'aria-current': 'page' }}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          {account}
          {cart}
        </div>
      </div>
      {search ? <div className={styles.search}>{search}</div> : null}
    </header>
  );
}
