import type { ReactNode } from 'react';
import styles from './page.module.css';

interface PageProps {
  title: string;
  /** A short line under the title. */
  lead?: ReactNode;
  /** Constrain the body to a readable text width (legal pages, articles). */
  prose?: boolean;
  children?: ReactNode;
}

/** The frame of every content page: one h1, an optional lead, then the body. */
export function Page({ title, lead, prose = false, children }: PageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      <div className={prose ? styles.prose : styles.body}>{children}</div>
    </div>
  );
}
