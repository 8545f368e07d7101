import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './header-button.module.css';

interface HeaderButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** 'primary': filled, the header's main action (the cart). */
  tone?: 'plain' | 'primary';
}

/** A round button of the header's actions (the account, the cart). */
export function HeaderButton({ tone = 'plain', className, ...props }: HeaderButtonProps) {
  return <button type="button" className={[styles.button, tone === 'primary' ? styles.primary : '', className ?? ''].filter(Boolean).join(' ')} {...props} />;
}

/** Its words: hidden on a narrow screen, where the icon says it, and still the button's name. */
export function HeaderButtonLabel({ children }: { children: ReactNode }) {
  return <span className={styles.label}>{children}</span>;
}

/** A count on it, said by the button's own name. */
export function HeaderButtonBadge({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span className={styles.badge} data-testid={testId} aria-hidden="true">
      {children}
    </span>
  );
}
