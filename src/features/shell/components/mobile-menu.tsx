import { Link } from '@tanstack/react-router';
import { Dialog } from '../../../components/ui/dialog';
import { MOBILE_LINKS } from './nav-links';
import styles from './mobile-menu.module.css';

/** The mobile navigation modal. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Menu" onClose={onClose} placement="panel-left">
      <nav aria-label="Menu mobile">
        <ul className={styles.list}>
          {MOBILE_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={styles.link} replace>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
