import styles from './stepper.module.css';

interface StepperProps {
  value: number;
  /** What is counted, for screen readers: 'Formule Complète', 'couverts'. */
  label: string;
  onIncrement: () => void;
  onDecrement: () => void;
  /** A call is in flight: both buttons wait. */
  busy?: boolean;
  canIncrement?: boolean;
  canDecrement?: boolean;
}

/**
 * − value + : a quantity changed one step at a time by the server. A button that cannot act is
 * aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body, and
 * the customer pressing + would have to find their place again after each step.
 */
export function Stepper({ value, label, onIncrement, onDecrement, busy = false, canIncrement = true, canDecrement = value > 0 }: StepperProps) {
  const less = !busy && canDecrement;
  const more = !busy && canIncrement;
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantité : ${label}`} aria-busy={busy || undefined}>
      <button type="button" className={styles.step} onClick={less ? onDecrement : undefined} aria-disabled={!less || undefined} aria-label={`Un de moins : ${label}`}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 8h10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <output className={styles.value} aria-live="polite">
        {value}
      </output>
      <button type="button" className={styles.step} onClick={more ? onIncrement : undefined} aria-disabled={!more || undefined} aria-label={`Un de plus : ${label}`}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
