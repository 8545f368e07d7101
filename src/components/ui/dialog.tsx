import { useContext, useEffectEvent, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { lowerLayer, raiseLayer } from './above-dialogs';
import { BackdropCloses } from './backdrop-closes';
import styles from './dialog.module.css';
import hidden from './visually-hidden.module.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** 'panel' slides from the side (cart, menu); 'center' is a centred card (pop-ins). */
  placement?: 'center' | 'panel-right' | 'panel-left';
  /** Escape and the close button close it, unless the dialog must stay (payment in progress). */
  dismissible?: boolean;
  /** Whether a click on the dimmed page behind closes it; unset, the page decides (BackdropCloses). */
  closeOnBackdrop?: boolean;
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
function tabStops(node: HTMLElement): HTMLElement[] {
  const visible = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
  const radios = (name: string) => visible.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name === name);
  return visible.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = radios(el.name);
    const checked = group.find((r) => r.checked);
    return checked ? el === checked : el === group[0];
  });
}

function outside(node: HTMLElement, event: MouseEvent) {
  const box = node.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/**
 * The shell of every modal and pop-in: a native <dialog> shown with showModal(), so the page behind
 * is inert and dimmed by its backdrop, and Escape asks it to close. The server draws it open (a
 * plain open dialog, readable without JavaScript); the browser makes it modal as it hydrates. Focus
 * goes to its first control and comes back to the element that opened it (or to the page's main
 * region when there is none).
 */
export function Dialog({ open, title, onClose, placement = 'center', dismissible = true, closeOnBackdrop, hideTitle = false, wide = false, children }: DialogProps) {
  const pageSays = useContext(BackdropCloses);
  const backdropCloses = dismissible && (closeOnBackdrop ?? pageSays);
  const ref = useRef<HTMLDialogElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const pressedOutside = useRef(false);
  const titleId = useId();
  // The browser closed it itself: a second Escape with no click in between is not cancelable.
  const closedByBrowser = useEffectEvent(() => {
    const node = ref.current;
    // The close() of the upgrade to modal, or a dialog already gone.
    if (!node || node.open || !node.isConnected) return;
    if (dismissible) onClose();
    else node.showModal();
  });

  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current!;
    if (!node.matches(':modal')) {
      node.close();
      node.showModal();
    }
    (tabStops(node)[0] ?? node).focus();
    const above = layer.current!;
    raiseLayer(above);
    const onNativeClose = () => closedByBrowser();
    node.addEventListener('close', onNativeClose);
    return () => {
      node.removeEventListener('close', onNativeClose);
      lowerLayer(above);
      // Still in the page while React takes it out, and still modal: the page behind would be inert
      // and refuse the focus given back below.
      if (node.open) node.close();
      if (opener && opener !== document.body && document.contains(opener)) opener.focus();
      // No opener to go back to (a pop-in opened by the page itself, or its opener gone): the focus
      // would fall to the top of the document (it is still on this dialog's control, going away);
      // the page's main region takes it instead, unless another dialog has taken it meanwhile.
      else if (!document.activeElement || document.activeElement === document.body || node.contains(document.activeElement)) document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open
      className={`${styles.dialog} ${styles[placement]} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // Not cancelable: the browser closes it and the close event follows (closedByBrowser).
        if (!event.cancelable) return;
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onKeyDown={(event) => {
        // A modal dialog keeps the page behind out of reach; Tab past its last control would go to
        // the browser's own bar: it comes round to the first instead, and Shift+Tab the other way.
        if (event.key !== 'Tab') return;
        const node = event.currentTarget;
        const items = tabStops(node);
        const active = document.activeElement;
        const at = items.indexOf(active as HTMLElement);
        if (items.length === 0) {
          event.preventDefault();
          node.focus();
        } else if (event.shiftKey && (at === 0 || active === node)) {
          event.preventDefault();
          items[items.length - 1]!.focus();
        } else if (!event.shiftKey && at === items.length - 1) {
          event.preventDefault();
          items[0]!.focus();
        }
      }}
      onPointerDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget && outside(event.currentTarget, event);
      }}
      onClick={(event) => {
        // The backdrop belongs to the dialog: a click there targets it, outside its box.
        const fromBackdrop = pressedOutside.current && event.target === event.currentTarget && outside(event.currentTarget, event);
        pressedOutside.current = false;
        if (fromBackdrop && backdropCloses) onClose();
      }}
    >
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
      <div ref={layer} className={styles.layer} />
    </dialog>
  );
}
