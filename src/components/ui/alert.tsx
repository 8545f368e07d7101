import type { ReactNode } from 'react';
import styles from './alert.module.css';

interface AlertProps {
  children: ReactNode;
  /** error: a refusal or failure (announced at once); info: a note on what is shown (polite). */
  tone?: 'error' | 'info';
  className?: string;
}

/** A message next to what it is about, announced to screen readers. */
export function Alert({ children, tone = 'error', className }: AlertProps) {
  return (
    <div className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
