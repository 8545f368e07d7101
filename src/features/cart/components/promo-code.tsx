import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import type { Cart } from '../../../shared/api/cart';
import { formatEuros } from '../../../shared/money';
import { applyDiscount, removeDiscount } from '../api/cart-calls';
import { cartState } from '../cart-store';
import { promoCodeError } from '../cart-rules';
import hidden from '../../../components/ui/visually-hidden.module.css';
import styles from './cart-modal.module.css';

/** 'Code promo': a promo or sponsor code, its discount, and the way to remove it. */
export function PromoCode({ cart }: { cart: Cart }) {
  const { pending } = useSnapshot(cartState);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const busy = Boolean(pending.discount);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Saisissez votre code promo.');
      return;
    }
    const result = await applyDiscount(code.trim());
    if (result.error) setError(promoCodeError(result.error));
    else if (result.ok) {
      setError(null);
      setCode('');
    }
  }

  if (cart.discount_code) {
    return (
      <div className={styles.row}>
        <span>
          <strong className={styles.code}>{cart.discount_code}</strong> <span className={styles.discount}>−{formatEuros(cart.discount_amount)}</span>
        </span>
        <Button variant="ghost" size="sm" busy={busy} onClick={() => void removeDiscount()} aria-label={`Retirer le code ${cart.discount_code}`}>
          Retirer
        </Button>
      </div>
    );
  }
  return (
    <form method="post" className={styles.promo} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className={hidden.srOnly}>
        Votre code promo
      </label>
      <input
        id={inputId}
        className={styles.input}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (error) setError(null);
        }}
        placeholder="Votre code"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <Button type="submit" variant="secondary" size="sm" busy={busy}>
        Appliquer
      </Button>
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
