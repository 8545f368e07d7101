import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { QueryStatus } from '../../components/ui/query-status';
import { ApiError } from '../../lib/api-client';
import { useOnline } from '../../lib/connection-store';
import { formatShortDateTime, plural } from '../../lib/format';
import { notify } from '../../lib/snackbar-store';
import { VOUCHER_ISSUER_LABELS } from '../../shared/api/courier-round';
import type { HeldReceipt } from '../../shared/api/staff-ledger';
import { formatEuros } from '../../shared/money';
import { heldReceiptsQuery, useDecideHeld } from '../closing-api';
import page from './team-page.module.css';
import forms from './team-forms.module.css';
import styles from './closing-page.module.css';

/**
 * "À valider" (/equipe/a-valider, admin): what couriers received beyond what customers declared,
 * recorded as it was and credited to nobody until an admin who did not record it decides, with a
 * note (docs/product/money.md).
 */
export function HeldReceiptsPage() {
  const held = useQuery(heldReceiptsQuery);
  return (
    <>
      <div className={page.heading}>
        <h1>À valider</h1>
      </div>
      <p className={page.muted}>
        Ce que les livreurs ont reçu au-delà de ce que les clients avaient déclaré. Rien n’est crédité sur la cagnotte du client tant qu’un administrateur, autre que la personne qui l’a enregistré, ne l’a pas validé avec une note.
      </p>
      <QueryStatus query={held} loading="Chargement des réceptions à valider…" error="Impossible de lire les réceptions à valider.">
        {(data) =>
          data.receipts.length === 0 ? (
            <p className={styles.ok}>Rien à valider : toutes les réceptions correspondent aux déclarations.</p>
          ) : (
            <ul className={styles.rows}>
              {data.receipts.map((r) => (
                <Receipt key={r.id} receipt={r} />
              ))}
            </ul>
          )
        }
      </QueryStatus>
    </>
  );
}

function what(r: HeldReceipt): string {
  if (r.kind === 'containers') return `${plural(r.containers, 'contenant rendu', 'contenants rendus')} sans avoir été annoncé${r.containers > 1 ? 's' : ''} : ${formatEuros(r.amount)} de consigne à créditer`;
  const rows = r.rows ?? [];
  const received = rows.reduce((n, row) => n + row.count * row.unit_cents, 0);
  const detail = rows.map((row) => `${VOUCHER_ISSUER_LABELS[row.issuer]} : ${row.count} × ${formatEuros(row.unit_cents)}`).join(' ; ');
  return `Titres-restaurant papier reçus : ${formatEuros(received)}${detail ? ` (${detail})` : ''}, déclarés : ${formatEuros(r.declared)}. Au-delà de la déclaration : ${formatEuros(r.amount)}`;
}

function Receipt({ receipt: r }: { receipt: HeldReceipt }) {
  const online = useOnline();
  const decide = useDecideHeld();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (decision: 'approve' | 'reject') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!note.trim()) {
      setError('Écrivez une note : ce que vous avez vérifié, ou pourquoi vous refusez.');
      document.getElementById(noteId)?.focus();
      return;
    }
    setError(null);
    decide.mutate(
      { id: r.id, decision, note: note.trim() },
      {
        onSuccess: () =>
          notify({
            title: decision === 'approve' ? 'Réception validée' : 'Réception refusée',
            message: decision === 'approve' ? `${formatEuros(r.amount)} crédités sur la cagnotte de ${r.customer ?? 'la cliente ou du client'}.` : 'Rien n’a été crédité.',
            type: 'success',
          }),
        onError: (err) => setError(err instanceof ApiError ? err.body.message : 'La décision n’a pas pu être enregistrée : réessayez.'),
      },
    );
  };
  return (
    <li aria-label={`Réception à valider, commande ${r.invoice_number ?? r.order_id ?? ''}`}>
      <div>
        <strong>
          {r.invoice_number ?? `Commande n° ${r.order_id}`} · {r.customer ?? 'Client inconnu'}
        </strong>
        <br />
        {what(r)}
        <br />
        <span className={page.muted}>
          Enregistré par {r.recorded_by ?? 'inconnu'} le {formatShortDateTime(new Date(r.recorded_at))}
        </span>
      </div>
      <form className={`${styles.payForm} ${styles.decision}`} onSubmit={submit('approve')} noValidate>
        <label htmlFor={noteId}>Note (obligatoire)</label>
        <input id={noteId} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${noteId}-error` : undefined} />
        <Button type="submit" size="sm" busy={decide.isPending} disabled={!online}>
          Valider et créditer {formatEuros(r.amount)}
        </Button>
        <Button type="button" size="sm" variant="secondary" disabled={!online || decide.isPending} onClick={() => submit('reject')()}>
          Refuser
        </Button>
        {error ? (
          <p id={`${noteId}-error`} className={forms.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <OfflineReason offline={!online} />
    </li>
  );
}
