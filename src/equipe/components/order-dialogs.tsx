import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { OfflineReason } from '../../components/ui/offline-reason';
import { newIdempotencyKey } from '../../lib/api-client';
import { useOnline } from '../../lib/connection-store';
import { notify } from '../../lib/snackbar-store';
import { formatEuros } from '../../shared/money';
import { PAYMENT_MEANS_LABELS, type StaffOrder } from '../../shared/api/staff';
import { VOUCHER_ISSUERS, VOUCHER_ISSUER_LABELS, type VoucherIssuer } from '../../shared/api/courier-round';
import { centsOf } from '../order-board-rules';
import { useCancelOrder, useRecordDue, useRefundOrder } from '../team-api';
import styles from './team-forms.module.css';

interface DialogProps {
  order: StaffOrder;
  title: string;
  onClose: () => void;
}

/** The reason asked of every cancellation and refund (the customer's mail and the audit keep it). */
function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>Motif (envoyé au client) *</label>
      <textarea id={id} className={styles.textarea} value={value} maxLength={300} required aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)} />
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const meansList = (order: StaffOrder) => order.means.map((m) => `${PAYMENT_MEANS_LABELS[m.means]} (${formatEuros(m.amount)})`).join(', ');

export function CancelDialog({ order, title, onClose }: DialogProps) {
  const online = useOnline();
  const cancel = useCancelOrder();
  // One key while the dialog is open: a second try after a lost answer is the same cancellation.
  const [key] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Indiquez le motif de l’annulation.');
    setError(null);
    setGeneral(null);
    cancel.mutate(
      { id: order.id, reason: reason.trim(), key },
      {
        onSuccess: () => {
          notify({ title: 'Commande annulée', message: `La ${title} est remboursée sur ses moyens de paiement ; le client reçoit son avoir.`, type: 'success' });
          onClose();
        },
        onError: (failure) => setGeneral(failure.message),
      },
    );
  };
  return (
    <Dialog open title={`Annuler la ${title}`} onClose={onClose} dismissible={!cancel.isPending}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>
          {order.customer.name}, {formatEuros(order.amount_total)}. Chaque moyen de paiement est remboursé là d’où il vient : {meansList(order)}. Les portions reviennent en vente.
        </p>
        {general ? <Alert>{general}</Alert> : null}
        <ReasonField value={reason} onChange={setReason} error={error} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose} disabled={cancel.isPending}>
            Ne pas annuler
          </Button>
          <Button type="submit" busy={cancel.isPending} disabled={!online}>
            Annuler et rembourser
          </Button>
        </div>
        <OfflineReason offline={!online} />
      </form>
    </Dialog>
  );
}

/** A line and how many of it may still be refunded as an item. */
const refundableItems = (order: StaffOrder) => order.lines.map((l) => ({ line: l, left: l.quantity - l.refunded_quantity })).filter((i) => i.left > 0);

/**
 * A refund: an amount, or items (a formula, a dish: the credit note then carries their own VAT
 * rates, the amount is what the invoice charged for them). Either way, at most what the order
 * received.
 */
export function RefundDialog({ order, title, onClose }: DialogProps) {
  const online = useOnline();
  const refund = useRefundOrder();
  const [key] = useState(newIdempotencyKey);
  const left = order.refundable;
  const id = useId();
  const items = refundableItems(order);
  const [mode, setMode] = useState<'amount' | 'items'>('amount');
  const [amount, setAmount] = useState('');
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [general, setGeneral] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    const lines = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([lineId, quantity]) => ({ id: Number(lineId), quantity }));
    const next: typeof errors = {};
    if (mode === 'amount') {
      if (cents === null || cents <= 0) next.amount = 'Indiquez un montant en euros, par exemple 4,50.';
      else if (cents > left) next.amount = `Au plus ${formatEuros(left)} : c’est ce qui reste à rembourser.`;
    } else if (!lines.length) next.amount = 'Choisissez au moins un article à rembourser.';
    if (!reason.trim()) next.reason = 'Indiquez le motif du remboursement.';
    setErrors(next);
    setGeneral(null);
    if (next.amount || next.reason) return;
    refund.mutate(
      { id: order.id, key, reason: reason.trim(), ...(mode === 'amount' ? { amount: cents! } : { lines }) },
      {
        onSuccess: (answer) => {
          notify({ title: 'Remboursement enregistré', message: `${formatEuros(answer.credit_note.amount)} remboursés, avoir ${answer.credit_note.number} envoyé au client.`, type: 'success' });
          onClose();
        },
        onError: (failure) => setGeneral(failure.message),
      },
    );
  };
  const error = errors.amount ? (
    <p id={`${id}-error`} className={styles.error}>
      {errors.amount}
    </p>
  ) : null;
  return (
    <Dialog open title={`Rembourser la ${title}`} onClose={onClose} dismissible={!refund.isPending}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>
          {order.customer.name} : {formatEuros(left)} restent à rembourser. Le remboursement va d’abord à la carte, puis à Edenred, sinon à la cagnotte.
        </p>
        {general ? <Alert>{general}</Alert> : null}
        {items.length ? (
          <fieldset className={styles.fieldset}>
            <legend>Rembourser</legend>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'amount'} onChange={() => setMode('amount')} /> Un montant
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'items'} onChange={() => setMode('items')} /> Des articles (leur TVA sur l’avoir)
            </label>
          </fieldset>
        ) : null}
        {mode === 'amount' ? (
          <div>
            <label htmlFor={`${id}-amount`}>Montant (€) *</label>
            <input
              id={`${id}-amount`}
              className={styles.input}
              inputMode="decimal"
              value={amount}
              required
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${id}-error` : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            {error}
          </div>
        ) : (
          <fieldset className={styles.fieldset} aria-describedby={errors.amount ? `${id}-error` : undefined}>
            <legend>Articles à rembourser</legend>
            {items.map(({ line, left: most }) => (
              <label key={line.id} className={styles.itemRow}>
                <span>
                  {line.name} ({formatEuros(line.unit_price)})
                </span>
                <select value={counts[line.id] ?? 0} onChange={(event) => setCounts({ ...counts, [line.id]: Number(event.target.value) })} aria-label={`Nombre de « ${line.name} » à rembourser`}>
                  {Array.from({ length: most + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            {error}
          </fieldset>
        )}
        <ReasonField value={reason} onChange={setReason} error={errors.reason ?? null} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose} disabled={refund.isPending}>
            Fermer
          </Button>
          <Button type="submit" busy={refund.isPending} disabled={!online}>
            Rembourser
          </Button>
        </div>
        <OfflineReason offline={!online} />
      </form>
    </Dialog>
  );
}

/**
 * A balance due received later (the customer came by the office, or gave the courier the missing
 * vouchers or cash at the next delivery): recorded through the ledger, never beyond what is owed.
 */
export function DueDialog({ order, title, onClose }: DialogProps) {
  const online = useOnline();
  const record = useRecordDue();
  const [key] = useState(newIdempotencyKey);
  const id = useId();
  const [means, setMeans] = useState<'paper_vouchers' | 'cash'>('paper_vouchers');
  const [issuer, setIssuer] = useState<VoucherIssuer>('edenred');
  const [count, setCount] = useState('1');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    const n = Number(count);
    if (cents === null || cents <= 0) return setError(means === 'cash' ? 'Indiquez le montant reçu en euros, par exemple 4,00.' : 'Indiquez la valeur d’un titre en euros, par exemple 9,25.');
    if (means === 'paper_vouchers' && (!Number.isInteger(n) || n < 1 || n > 20)) return setError('Indiquez un nombre de titres entre 1 et 20.');
    const total = means === 'cash' ? cents : cents * n;
    if (total > order.balance_due) return setError(`Au plus ${formatEuros(order.balance_due)} : c’est ce qui reste dû.`);
    setError(null);
    setGeneral(null);
    record.mutate(
      { id: order.id, key, means, ...(means === 'cash' ? { amount: cents } : { rows: [{ issuer, count: n, unit_cents: cents }] }), ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (answer) => {
          notify({ title: 'Règlement enregistré', message: answer.due ? `${formatEuros(answer.settled)} reçus ; il reste ${formatEuros(answer.due)} dû.` : `${formatEuros(answer.settled)} reçus : plus rien n’est dû.`, type: 'success' });
          onClose();
        },
        onError: (failure) => setGeneral(failure.message),
      },
    );
  };
  return (
    <Dialog open title={`Règlement du reste dû, ${title}`} onClose={onClose} dismissible={!record.isPending}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>
          {order.customer.name} doit encore {formatEuros(order.balance_due)}.
        </p>
        {general ? <Alert>{general}</Alert> : null}
        <fieldset className={styles.fieldset}>
          <legend>Reçu en</legend>
          <label>
            <input type="radio" name={`${id}-means`} checked={means === 'paper_vouchers'} onChange={() => setMeans('paper_vouchers')} /> Titres-restaurant papier
          </label>
          <label>
            <input type="radio" name={`${id}-means`} checked={means === 'cash'} onChange={() => setMeans('cash')} /> Espèces
          </label>
        </fieldset>
        {means === 'paper_vouchers' ? (
          <>
            <div>
              <label htmlFor={`${id}-issuer`}>Émetteur</label>
              <select id={`${id}-issuer`} className={styles.input} value={issuer} onChange={(event) => setIssuer(event.target.value as VoucherIssuer)}>
                {VOUCHER_ISSUERS.map((i) => (
                  <option key={i} value={i}>
                    {VOUCHER_ISSUER_LABELS[i]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-count`}>Nombre de titres</label>
              <input id={`${id}-count`} className={styles.input} inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
            </div>
          </>
        ) : null}
        <div>
          <label htmlFor={`${id}-amount`}>{means === 'cash' ? 'Montant reçu (€) *' : 'Valeur d’un titre (€) *'}</label>
          <input
            id={`${id}-amount`}
            className={styles.input}
            inputMode="decimal"
            value={amount}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className={styles.error}>
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-note`}>Note</label>
          <input id={`${id}-note`} className={styles.input} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose} disabled={record.isPending}>
            Fermer
          </Button>
          <Button type="submit" busy={record.isPending} disabled={!online}>
            Enregistrer le règlement
          </Button>
        </div>
        <OfflineReason offline={!online} />
      </form>
    </Dialog>
  );
}
