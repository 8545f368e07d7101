import type { ReactNode } from 'react';
import styles from './alert.module.css';

/** A refusal or failure next to what caused it, announced to screen readers. */
export function Alert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={[styles.alert, className].filter(Boolean).join(' ')} role="alert">
      {children}
    </div>
  );
}
