import type { ReactNode } from 'react';
import styles from './catalog-section.module.css';

/** A titled band of the shop window (formulas of the day, dishes of the day). */
export function CatalogSection({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}
