import { Link } from '@tanstack/react-router';
import { Dialog } from '../../../components/ui/dialog';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel } from '../../../lib/panel-history';
import { MOBILE_LINKS } from './nav-links';
import styles from './mobile-menu.module.css';

/** The mobile navigation (`?volet=menu`): its links take the menu's place in the history. */
export function MobileMenu({ open }: OverlayProps) {
  return (
    <Dialog open={open} title="Menu" onClose={() => closePanel('mobileMenu')} placement="panel-left">
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
