import { useId, type ReactNode } from 'react';
import styles from './panel-section.module.css';

/** A titled part of a side panel (cart, account), a region named by its heading. */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.title}>
        {title}
      </h3>
      {children}
    </section>
  );
}
