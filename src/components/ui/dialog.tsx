import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
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
 * What Tab can reach now, in order: a hidden element (display: none, a closed panel) is not a stop,
 * and a group of radio buttons is one stop, its checked button (or its first, when none is).
 */
export function tabStops(node: HTMLElement): HTMLElement[] {
  const visible = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
  const radios = (name: string) => visible.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name === name);
  return visible.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = radios(el.name);
    const checked = group.find((r) => r.checked);
    return checked ? el === checked : el === group[0];
  });
}

/** Open dialogs, the last opened on top: only the top one answers Tab and Escape. */
const stack: HTMLElement[] = [];

/**
 * The shell of every modal and pop-in: an ARIA dialog that traps focus while open and returns it to
 * the element that opened it (or to the page's main region when there is none). The shared overlay
 * behind it is drawn by the app shell.
 */
export function Dialog({ open, title, onClose, placement = 'center', dismissible = true, hideTitle = false, wide = false, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Read at the key press, not captured by the effect: callers pass a new onClose on each render,
  // and re-running the effect would move focus back to the dialog's first control while typing.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const node = ref.current;
    if (!node || stack[stack.length - 1] !== node) return;
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = tabStops(node);
    if (items.length === 0) {
      event.preventDefault();
      node.focus();
      return;
    }
    const active = document.activeElement as HTMLElement | null;
    const at = active ? items.indexOf(active) : -1;
    // From the last stop, the first; from the first (or the dialog itself), the last; focus that
    // got outside (a click on the page behind) comes back in.
    if (event.shiftKey && (at === 0 || active === node || !node.contains(active))) {
      event.preventDefault();
      items[items.length - 1]!.focus();
    } else if (!event.shiftKey && (at === items.length - 1 || !node.contains(active))) {
      event.preventDefault();
      items[0]!.focus();
    }
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current;
    if (node) {
      stack.push(node);
      (tabStops(node)[0] ?? node).focus();
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (node) stack.splice(stack.indexOf(node), 1);
      if (opener && opener !== document.body && document.contains(opener)) opener.focus();
      // No opener to go back to (a pop-in opened by the page itself, or its opener gone): the focus
      // would fall to the top of the document; the page's main region takes it instead, unless
      // another dialog has taken it meanwhile.
      else if (!document.activeElement || document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, [open]);

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
