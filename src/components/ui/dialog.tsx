import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';
import hidden from './visually-hidden.module.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** 'panel' slides from the side (cart, menu); 'center' is a centred card (pop-ins). */
  placement?: 'center' | 'panel-right' | 'panel-left';
  /** Escape closes unless the dialog must stay (payment in progress). */
  dismissible?: boolean;
  hideTitle?: boolean;
  /** Panels: a wider panel for rich content (the formula composer). */
  wide?: boolean;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The shell of every modal and pop-in: an ARIA dialog that traps focus while open and returns it to
 * the element that opened it. The shared overlay behind it is drawn by the app shell.
 */
export function Dialog({ open, title, onClose, placement = 'center', dismissible = true, hideTitle = false, wide = false, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();

    function onKey(event: KeyboardEvent) {
      if (!node) return;
      if (event.key === 'Escape' && dismissible) {
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, dismissible, onClose]);

  if (!open) return null;
  return (
    <div ref={ref} className={`${styles.dialog} ${styles[placement]} ${wide ? styles.wide : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
      <div className={styles.head}>
        <h2 id={titleId} className={hideTitle ? hidden.srOnly : styles.title}>
          {title}
        </h2>
        {dismissible ? (
          <button type="button" className={styles.close} onClick={onClose} aria-label="Fermer">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
