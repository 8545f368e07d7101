import type { ReactNode } from 'react';
import styles from './badge.module.css';

/** A small pill: dietary tags (green), refusals such as "Épuisé" (danger), notes (info). */
export function Badge({ tone, children }: { tone: 'green' | 'danger' | 'info'; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
