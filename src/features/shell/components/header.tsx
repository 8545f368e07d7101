import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { HEADER_LINKS } from './nav-links';
import styles from './header.module.css';

interface HeaderProps {
  loggedIn: boolean;
  cartCount: number;
  onMenu: () => void;
  onAccount: () => void;
  onCart: () => void;
  /** The delivery search bar, composed by the route. */
  search?: ReactNode;
  /**
   * While an overlay or a recipe is open the bar is hidden, not removed: its field, when it opened
   * the overlay, is still there to take the focus back on close.
   */
  searchHidden?: boolean;
}

export function Header({ loggedIn, cartCount, onMenu, onAccount, onCart, search, searchHidden = false }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button type="button" className={styles.menuButton} onClick={onMenu} aria-label="Ouvrir le menu">
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
          <button type="button" className={styles.account} onClick={onAccount}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className={styles.accountLabel}>{loggedIn ? 'Mon compte' : 'Se connecter'}</span>
          </button>
          <button
            type="button"
            className={styles.cart}
            onClick={onCart}
            aria-label={`Panier, ${cartCount} article${cartCount > 1 ? 's' : ''}`}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <path d="M9 8V6a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className={styles.badge} data-testid="cart-badge" aria-hidden="true">
              {cartCount}
            </span>
          </button>
        </div>
      </div>
      {search ? (
        // Hidden while an overlay is open, its room kept: a pop-in opening by itself after the
        // first paint would otherwise move the whole page up (a layout shift).
        <div className={styles.search} data-hidden={searchHidden || undefined}>
          {search}
        </div>
      ) : null}
    </header>
  );
}
