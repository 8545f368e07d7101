import type { ButtonHTMLAttributes } from 'react';
import { useHydratedValue } from '../../lib/use-hydrated';
import styles from './button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'md' | 'sm';
  /** Shows progress and blocks further clicks while a call is in flight. */
  busy?: boolean;
}

export function Button({ variant = 'primary', size = 'md', busy = false, className, disabled, children, ...rest }: ButtonProps) {
  // A form drawn by the server works once hydrated: until then its submit waits, so a tap never
  // sends the form natively (without its checks, to the page's own address).
  // Other buttons are not drawn again once hydrated.
  const waitsForHydration = useHydratedValue(false, rest.type === 'submit');
  return (
    <button
      type="button"
      {...rest}
      className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')}
      disabled={disabled || busy || waitsForHydration}
      aria-busy={busy || undefined}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The button look for links (<a> or router links): pass as className. */
export const buttonClass = (variant: 'primary' | 'secondary' | 'ghost' = 'primary', size: 'md' | 'sm' = 'md') =>
  [styles.button, styles[variant], styles[size]].join(' ');
