import type { ReactNode } from 'react';
import styles from './marketing.module.css';

const TONES = {
  plain: styles.section,
  callout: `${styles.section} ${styles.callout}`,
  'callout-green': `${styles.section} ${styles.callout} ${styles.calloutGreen}`,
};

/**
 * A section of a marketing page, named by its title (`id` is the title's, which the section is
 * labelled by: the page's outline and its anchors). `callout` sets it on a tinted panel.
 */
export function MarketingSection({ id, title, tone = 'plain', children }: { id: string; title: ReactNode; tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <section className={TONES[tone]} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The drawings of public/images/marketing/. */
type Illustration = 'consigne' | 'cuisine' | 'plateau' | 'triporteur';

/**
 * Content with a drawing beside it on a wide screen (under it on a phone); `first` puts the
 * drawing on the left. The drawing is decoration: the text says it all.
 */
export function WithIllustration({ drawing, first = false, children }: { drawing: Illustration; first?: boolean; children: ReactNode }) {
  return (
    <div className={first ? `${styles.split} ${styles.splitReverse}` : styles.split}>
      {children}
      <img className={styles.illustration} src={`/images/marketing/${drawing}.svg`} width={240} height={160} alt="" loading="lazy" />
    </div>
  );
}
