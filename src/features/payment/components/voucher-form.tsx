import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError } from '../../../lib/api-client';
import { VOUCHER_VALUE_MESSAGE, VOUCHERS_LIMIT_MESSAGE, parseVoucherValue, vouchersSettleCents, vouchersTotalCents, type LunchVoucherRow, type PreOrder } from '../../../shared/api/checkout';
import { formatAmount, formatEuros } from '../../../shared/money';
import { saveLunchVouchers } from '../api/payment-calls';
import { DEFAULT_VOUCHER_ROW, removeVoucherRow, VOUCHER_QUANTITIES, vouchersOverLimit } from '../payment-rules';
import styles from './payment-modal.module.css';
import { mealVoucherCapMessage } from '../../../shared/meal-vouchers';

interface VoucherFormProps {
  initial: readonly LunchVoucherRow[];
  /** The pre-order the vouchers are declared on: what meal vouchers may still pay of it. */
  preOrder: PreOrder;
  onSaved: (preOrder: PreOrder) => void;
  onCancel: () => void;
}

/** A row as the form holds it: the unit value as typed ('9,25'). */
type VoucherDraft = { quantity: number; value: string };
const draftOf = (row: LunchVoucherRow): VoucherDraft => ({ quantity: row.quantity, value: formatAmount(Math.round(row.amount * 100)) });

/**
 * 'Ma cagnotte Tickets resto papiers' (docs/product/vouchers-and-pool.md): rows of quantity × unit
 * value, the value typed to the cent (0 to 19 €: a ticket is often worth 9,25 €).
 */
export function VoucherForm({ initial, preOrder, onSaved, onCancel }: VoucherFormProps) {
  const [drafts, setDrafts] = useState<VoucherDraft[]>(() => (initial.length ? initial : [DEFAULT_VOUCHER_ROW]).map(draftOf));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Values checked on submit: the rows whose value is not one are marked until changed. */
  const [invalid, setInvalid] = useState<ReadonlySet<number>>(new Set());
  const id = useId();
  const rows: LunchVoucherRow[] = drafts.map((d) => ({ quantity: d.quantity, amount: parseVoucherValue(d.value) ?? 0 }));
  const edenred = preOrder.edenredPayment?.unit_amount ?? 0;
  // The list replaces the one declared: it may settle the room less the Edenred part (meal-vouchers.ts).
  const mealMax = Math.max(0, preOrder.meal_vouchers.room - edenred);
  // They settle the meal part at most (never the deposit): what they bring beyond goes to the pool.
  const overCap = vouchersSettleCents(rows, preOrder.meal_vouchers.meal_part - edenred) > mealMax;
  const over = vouchersOverLimit(rows) || overCap;
  const total = formatEuros(vouchersTotalCents(rows));

  function update(index: number, patch: Partial<VoucherDraft>) {
    setDrafts((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    if (patch.value !== undefined && invalid.has(index)) setInvalid(new Set([...invalid].filter((i) => i !== index)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (over) return;
    const wrong = new Set(drafts.flatMap((d, i) => (parseVoucherValue(d.value) === null ? [i] : [])));
    setInvalid(wrong);
    if (wrong.size) {
      document.getElementById(`${id}-a${Math.min(...wrong)}`)?.focus();
      return;
    }
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
        {drafts.map((row, index) => (
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
              <span>Valeur d’un ticket (€)</span>
              <input
                id={`${id}-a${index}`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={row.value}
                onChange={(e) => update(index, { value: e.target.value })}
                aria-invalid={invalid.has(index) || undefined}
                aria-describedby={invalid.has(index) ? `${id}-value-error` : `${id}-value-hint`}
              />
            </label>
            <button
              type="button"
              className={styles.remove}
              onClick={() => {
                setDrafts((current) => removeVoucherRow(current, index));
                setInvalid(new Set());
              }}
              disabled={drafts.length <= 1}
              aria-label={`Supprimer la ligne ${index + 1}`}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {invalid.size ? (
        <div id={`${id}-value-error`}>
          <Alert>{VOUCHER_VALUE_MESSAGE}</Alert>
        </div>
      ) : (
        <p id={`${id}-value-hint`} className={styles.valueHint}>
          Valeur d’un ticket : de 0 à 19 €, centimes compris (par exemple 9,25).
        </p>
      )}
      <LinkButton className={styles.add} onClick={() => setDrafts((current) => [...current, draftOf(DEFAULT_VOUCHER_ROW)])} disabled={over}>
        Ajouter un autre ticket resto
      </LinkButton>
      {vouchersOverLimit(rows) ? <Alert>{VOUCHERS_LIMIT_MESSAGE}</Alert> : overCap ? <Alert>{mealVoucherCapMessage(mealMax)}</Alert> : null}
      <ul className={styles.hints}>
        <li data-testid="voucher-meal-max">Jusqu’à {formatEuros(mealMax)} de tickets sur cette commande : ils règlent le repas, pas la consigne, dans la limite de 25 € par jour.</li>
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
