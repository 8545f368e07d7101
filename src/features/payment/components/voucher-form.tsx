import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError } from '../../../lib/api-client';
import { VOUCHERS_LIMIT_MESSAGE, vouchersTotalCents, type LunchVoucherRow, type PreOrder } from '../../../shared/api/checkout';
import { formatEuros } from '../../../shared/money';
import { saveLunchVouchers } from '../api/payment-calls';
import { DEFAULT_VOUCHER_ROW, removeVoucherRow, VOUCHER_QUANTITIES, VOUCHER_VALUES, vouchersOverLimit } from '../payment-rules';
import styles from './payment-modal.module.css';

interface VoucherFormProps {
  initial: readonly LunchVoucherRow[];
  onSaved: (preOrder: PreOrder) => void;
  onCancel: () => void;
}

/** 'Ma cagnotte Tickets resto papiers' (docs/product/vouchers-and-pool.md): rows of quantity × unit value. */
export function VoucherForm({ initial, onSaved, onCancel }: VoucherFormProps) {
  const [rows, setRows] = useState<LunchVoucherRow[]>(() => (initial.length ? initial.map((r) => ({ ...r })) : [{ ...DEFAULT_VOUCHER_ROW }]));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const over = vouchersOverLimit(rows);
  const total = formatEuros(vouchersTotalCents(rows));

  function update(index: number, patch: Partial<LunchVoucherRow>) {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (over) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveLunchVouchers(rows));
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldMessage('lunch_vouchers') ?? err.body.message) : 'Une erreur est survenue.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className={styles.vouchers} onSubmit={(e) => void submit(e)} aria-label="Tickets resto papiers" noValidate>
      <LinkButton className={styles.back} onClick={onCancel}>
        ‹ Retour au récapitulatif
      </LinkButton>
      <ul className={styles.rows}>
        {rows.map((row, index) => (
          <li key={index} className={styles.row} data-testid="voucher-row">
            <label className={styles.field}>
              <span>Nombre de tickets</span>
              <select id={`${id}-q${index}`} value={row.quantity} onChange={(e) => update(index, { quantity: Number(e.target.value) })}>
                {VOUCHER_QUANTITIES.map((q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
            </label>
            <span aria-hidden="true" className={styles.times}>
              ×
            </span>
            <label className={styles.field}>
              <span>Valeur d’un ticket</span>
              <select id={`${id}-a${index}`} value={row.amount} onChange={(e) => update(index, { amount: Number(e.target.value) })}>
                {VOUCHER_VALUES.map((v) => (
                  <option key={v} value={v}>
                    {v} €
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={styles.remove}
              onClick={() => setRows((current) => removeVoucherRow(current, index))}
              disabled={rows.length <= 1}
              aria-label={`Supprimer la ligne ${index + 1}`}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <LinkButton className={styles.add} onClick={() => setRows((current) => [...current, { ...DEFAULT_VOUCHER_ROW }])} disabled={over}>
        Ajouter un autre ticket resto
      </LinkButton>
      {over ? <Alert>{VOUCHERS_LIMIT_MESSAGE}</Alert> : null}
      <ul className={styles.hints}>
        <li>Écrivez votre nom au dos de chaque ticket.</li>
        <li>Remettez vos tickets au livreur à la réception de votre commande.</li>
      </ul>
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" busy={busy} disabled={over}>
        Ajouter {total} à ma cagnotte
      </Button>
    </form>
  );
}
