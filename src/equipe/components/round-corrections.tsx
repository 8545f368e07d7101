import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { formatAmount, formatEuros } from '../../shared/money';
import { PAPER_VOUCHERS_MAX } from '../../shared/constants';
import { parseVoucherValue } from '../../shared/api/checkout';
import { CONTAINERS_MAX, VOUCHER_ISSUER_LABELS, VOUCHER_ISSUERS, type ReceivedVoucherRow, type VoucherIssuer } from '../../shared/api/courier-round';
import type { ShownOrder } from '../round/round-display';
import { DEFAULT_ISSUER } from '../round/issuer';
import styles from './round-page.module.css';

interface DraftRow {
  key: number;
  issuer: VoucherIssuer;
  count: string;
  value: string;
}

/** The rows to start from: what was received, else what was declared. */
function draftOf(order: ShownOrder): DraftRow[] {
  const issuer = DEFAULT_ISSUER;
  const rows = order.vouchers_received ?? order.vouchers_declared?.rows.map((row) => ({ ...row, issuer })) ?? [];
  return rows.map((row, key) => ({ key, issuer: row.issuer, count: String(row.count), value: formatAmount(row.unit_cents) }));
}

/** A row as typed, or the French reason it cannot be kept. */
function rowOf(draft: DraftRow): ReceivedVoucherRow | string {
  const count = Number(draft.count);
  if (!Number.isInteger(count) || count < 1 || count > PAPER_VOUCHERS_MAX) return `Nombre de titres : de 1 à ${PAPER_VOUCHERS_MAX} par ligne.`;
  const euros = parseVoucherValue(draft.value);
  if (euros === null || euros <= 0) return 'Valeur d’un titre : en euros, par exemple 9,25.';
  return { issuer: draft.issuer, count, unit_cents: Math.round(euros * 100) };
}

/**
 * The vouchers really received: a row per value and issuer, count and value as on the vouchers.
 * Fewer than declared happens; none at all is an empty list.
 */
export function VouchersEditor({ order, onSave, onCancel }: { order: ShownOrder; onSave: (rows: ReceivedVoucherRow[]) => void; onCancel: () => void }) {
  const [rows, setRows] = useState<DraftRow[]>(() => draftOf(order));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const change = (key: number, patch: Partial<DraftRow>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rows.map(rowOf);
    const wrong = parsed.find((row): row is string => typeof row === 'string');
    if (wrong) return setError(wrong);
    onSave(parsed as ReceivedVoucherRow[]);
  };
  const total = rows.map(rowOf).reduce((sum, row) => (typeof row === 'string' ? sum : sum + row.count * row.unit_cents), 0);
  return (
    <form className={styles.editor} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`}>Titres papier reçus</h4>
      {rows.length === 0 && <p>Aucun titre reçu.</p>}
      {rows.map((row, index) => (
        <fieldset key={row.key} className={styles.voucherRow}>
          <legend>Ligne {index + 1}</legend>
          <label>
            Nombre
            <input type="number" inputMode="numeric" min={1} max={PAPER_VOUCHERS_MAX} value={row.count} onChange={(e) => change(row.key, { count: e.target.value })} />
          </label>
          <label>
            Valeur (€)
            <input type="text" inputMode="decimal" value={row.value} onChange={(e) => change(row.key, { value: e.target.value })} />
          </label>
          <label>
            Émetteur
            <select value={row.issuer} onChange={(e) => change(row.key, { issuer: e.target.value as VoucherIssuer })}>
              {VOUCHER_ISSUERS.map((issuer) => (
                <option key={issuer} value={issuer}>
                  {VOUCHER_ISSUER_LABELS[issuer]}
                </option>
              ))}
            </select>
          </label>
          <Button type="button" variant="ghost" size="sm" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            Retirer la ligne {index + 1}
          </Button>
        </fieldset>
      ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p>Total reçu : {formatEuros(total)}</p>
      <div className={styles.actions}>
        {rows.length < 10 && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setRows((all) => [...all, { key: Math.max(-1, ...all.map((r) => r.key)) + 1, issuer: all.at(-1)?.issuer ?? DEFAULT_ISSUER, count: '1', value: '' }])}
          >
            Ajouter une ligne
          </Button>
        )}
        <Button type="submit">Enregistrer les titres</Button>
        {/* None at all, in one tap: no line to remove first. */}
        <Button type="button" variant="secondary" onClick={() => onSave([])}>
          Aucun titre reçu
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Fermer
        </Button>
      </div>
    </form>
  );
}

/** The containers taken back: a number, more or fewer than declared. */
export function ContainersEditor({ order, onSave, onCancel }: { order: ShownOrder; onSave: (count: number) => void; onCancel: () => void }) {
  const [count, setCount] = useState(order.containers_received ?? order.containers_declared);
  const id = useId();
  const set = (next: number) => setCount(Math.min(CONTAINERS_MAX, Math.max(0, Number.isFinite(next) ? Math.round(next) : 0)));
  return (
    <form
      className={styles.editor}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(count);
      }}
    >
      <label htmlFor={`${id}-count`}>
        <strong>Contenants repris</strong>
      </label>
      <div className={styles.stepper}>
        <Button type="button" variant="secondary" size="sm" onClick={() => set(count - 1)} aria-label="Un contenant de moins" disabled={count <= 0}>
          −
        </Button>
        <input id={`${id}-count`} type="number" inputMode="numeric" min={0} max={CONTAINERS_MAX} value={count} onChange={(e) => set(Number(e.target.value))} />
        <Button type="button" variant="secondary" size="sm" onClick={() => set(count + 1)} aria-label="Un contenant de plus" disabled={count >= CONTAINERS_MAX}>
          +
        </Button>
      </div>
      <div className={styles.actions}>
        <Button type="submit">Enregistrer les contenants</Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Fermer
        </Button>
      </div>
    </form>
  );
}
