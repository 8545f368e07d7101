import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Settings } from '../../../shared/api/state';
import { FOOTER_LINKS, LEGAL_LINKS } from './nav-links';
import { ReassuranceStrip } from './reassurance-strip';
import styles from './footer.module.css';

const SOCIALS = [
  { key: 'facebook_url', label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z' },
  { key: 'twitter_url', label: 'Twitter', path: 'M4 4l7.2 9.6L4.4 20h2l5.6-5.3L16 20h4l-7.5-10L19 4h-2l-5.1 4.8L8 4z' },
  { key: 'instagram_url', label: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z' },
  { key: 'youtube_url', label: 'YouTube', path: 'M21 8.2a3 3 0 0 0-2-2C17.2 5.7 12 5.7 12 5.7s-5.2 0-7 .5a3 3 0 0 0-2 2 31 31 0 0 0 0 7.6 3 3 0 0 0 2 2c1.8.5 7 .5 7 .5s5.2 0 7-.5a3 3 0 0 0 2-2 31 31 0 0 0 0-7.6zM10 15V9l5 3z' },
] as const;

const PAYMENT_LOGOS = [
  { file: 'cb', label: 'CB' },
  { file: 'visa', label: 'Visa' },
  { file: 'mastercard', label: 'Mastercard' },
  { file: 'edenred', label: 'Edenred' },
  { file: 'swile', label: 'Swile' },
  { file: 'up', label: 'Up Déjeuner' },
  { file: 'pluxee', label: 'Pluxee' },
];

interface FooterProps {
  settings: Settings;
  /** The newsletter form, composed by the root route. */
  newsletter: ReactNode;
  /** "Installer l'application" where the browser allows it, composed by the root route. */
  install?: ReactNode;
  year: number;
}

export function Footer({ settings, newsletter, install, year }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.reassurance}>
        <ReassuranceStrip />
      </div>
      <div className={styles.grid}>
        <nav aria-label="Plan du site" className={styles.column}>
          <h2 className={styles.heading}>Popote</h2>
          <ul className={styles.links}>
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.column} aria-labelledby="footer-newsletter">
          <h2 className={styles.heading} id="footer-newsletter">
            La lettre de Popote
          </h2>
          <p className={styles.small}>Les menus de la semaine et nos nouveaux points de livraison, une fois par semaine.</p>
          {newsletter}
        </section>
        <section className={styles.column} aria-labelledby="footer-social">
          <h2 className={styles.heading} id="footer-social">
            Suivez-nous
          </h2>
          <ul className={styles.socials}>
            {SOCIALS.filter((s) => settings[s.key]).map((s) => (
              <li key={s.key}>
                <a href={settings[s.key]} target="_blank" rel="noopener noreferrer" aria-label={`Popote sur ${s.label}`}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    <path d={s.path} fill="currentColor" fillRule="evenodd" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <h2 className={styles.heading}>Paiements acceptés</h2>
          <ul className={styles.payments}>
            {PAYMENT_LOGOS.map((p) => (
              <li key={p.file}>
                <img src={`/images/payment/${p.file}.svg`} alt={p.label} width="48" height="30" loading="lazy" />
              </li>
            ))}
          </ul>
          {install}
        </section>
      </div>
      <div className={styles.legal}>
        <ul className={styles.legalLinks}>
          {LEGAL_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>© {year} Popote — cuisiné et livré à Lyon.</p>
      </div>
    </footer>
  );
}
