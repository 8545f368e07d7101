import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { staffMeQuery } from '../team-api';
import { TEAM_PAGES, mayOpen } from './team-shell';
import styles from './team-page.module.css';

/** The team app's start: the pages the member's roles open. */
export function TeamHome() {
  const me = useQuery(staffMeQuery).data;
  if (!me) return null;
  const pages = TEAM_PAGES.filter((page) => mayOpen(me, page.roles));
  return (
    <>
      <div className={styles.heading}>
        <h1>Bonjour {me.name}</h1>
      </div>
      {pages.length === 0 ? (
        <p className={styles.empty}>Votre tournée arrive bientôt dans Popote Équipe : rien à ouvrir ici pour l’instant.</p>
      ) : (
        <ul className={styles.cards}>
          {pages.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
              <p className={styles.muted}>{page.what}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
