import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { QueryStatus } from '../../components/ui/query-status';
import { useOnline } from '../../lib/connection-store';
import { formatShortDateTime, plural } from '../../lib/format';
import { notify } from '../../lib/snackbar-store';
import { VOUCHER_ISSUER_LABELS } from '../../shared/api/courier-round';
import { REMITTANCE_STATE_LABELS, type Remittance, type Remittances } from '../../shared/api/staff-remittances';
import { formatEuros } from '../../shared/money';
import { frenchLongDate } from '../../shared/time';
import { remittancesQuery, useRemittanceStep } from '../closing-api';
import { centsOf } from '../order-board-rules';
import page from './team-page.module.css';
import forms from './team-forms.module.css';
import styles from './closing-page.module.css';
import { pathOf } from '../../shared/api/route-table';
import { CLOSING } from '../../shared/api/routes/closing';

/**
 * "Titres papier" (/equipe/titres, admin): the paper meal vouchers the couriers brought back,
 * batched per issuer with a slip to send with them, then followed until the issuer pays.
 */
export function RemittancesPage() {
  const remittances = useQuery(remittancesQuery);
  return (
    <>
      <div className={page.heading}>
        <h1>Titres-restaurant papier</h1>
      </div>
      <p className={page.muted}>
        Les titres reçus par les livreurs, par émetteur : préparez une remise, imprimez son bordereau, déclarez-la sur le portail de l’émetteur et envoyez les titres avant la date limite.
      </p>
      <QueryStatus query={remittances} loading="Chargement des titres…" error="Impossible de lire les titres et les remises.">
        {(data) => <Lists data={data} />}
      </QueryStatus>
    </>
  );
}

function Lists({ data }: { data: Remittances }) {
  const online = useOnline();
  const step = useRemittanceStep();
  const fail = (error: Error) => notify({ title: 'Action impossible', message: error.message, type: 'error' });
  return (
    <>
      <section className={styles.section}>
        <h2>En attente de remise</h2>
        {data.waiting.length === 0 ? (
          <p className={page.muted}>Aucun titre reçu n’attend d’être remis.</p>
        ) : (
          <ul className={styles.rows}>
            {data.waiting.map((w) => (
              <li key={w.issuer}>
                <div>
                  <strong>{VOUCHER_ISSUER_LABELS[w.issuer]}</strong> : {plural(w.count, 'titre', 'titres')}, {formatEuros(w.total)} ({plural(w.orders, 'commande', 'commandes')})
                  <br />
                  <span className={page.muted}>À présenter au plus tard le {frenchLongDate(w.deadline, { year: true })}</span>
                </div>
                <Button
                  size="sm"
                  disabled={!online || step.isPending}
                  onClick={() =>
                    step.mutate(
                      { create: w.issuer },
                      { onSuccess: (r) => notify({ title: 'Remise préparée', message: `Remise n° ${r.id} : imprimez son bordereau et joignez-le aux titres.`, type: 'success' }), onError: fail },
                    )
                  }
                >
                  Préparer la remise
                </Button>
              </li>
            ))}
          </ul>
        )}
        <OfflineReason offline={!online} />
      </section>
      <section className={styles.section}>
        <h2>Remises</h2>
        {data.batches.length === 0 ? (
          <p className={page.muted}>Aucune remise pour l’instant.</p>
        ) : (
          <ul className={styles.rows}>
            {data.batches.map((r) => (
              <Batch key={r.id} remittance={r} onFail={fail} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Batch({ remittance: r, onFail }: { remittance: Remittance; onFail: (error: Error) => void }) {
  const online = useOnline();
  const step = useRemittanceStep();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pay = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    if (cents === null) return setError('Indiquez le montant payé en euros, par exemple 182,40.');
    setError(null);
    step.mutate({ paid: r.id, amount: cents }, { onSuccess: () => notify({ title: 'Remise payée', message: `Remise n° ${r.id} : paiement enregistré.`, type: 'success' }), onError: onFail });
  };
  return (
    <li aria-label={`Remise n° ${r.id}`}>
      <div>
        <strong>
          Remise n° {r.id} · {VOUCHER_ISSUER_LABELS[r.issuer]}
        </strong>{' '}
        <span className={styles.state} data-state={r.state}>
          {REMITTANCE_STATE_LABELS[r.state]}
        </span>
        <br />
        {plural(r.count, 'titre', 'titres')}, {formatEuros(r.total)}
        {r.faces.length ? ` (${r.faces.map((f) => `${f.count} × ${formatEuros(f.unit)}`).join(', ')})` : ''} · préparée le {formatShortDateTime(new Date(r.created_at))}
        {r.sent_at ? ` · envoyée le ${formatShortDateTime(new Date(r.sent_at))}` : ` · à présenter au plus tard le ${frenchLongDate(r.deadline, { year: true })}`}
        {r.paid !== null ? (
          <>
            <br />
            Payé {formatEuros(r.paid)}
            {r.difference ? <strong className={styles.difference}> (écart {formatEuros(r.difference)})</strong> : ' (sans écart)'}
          </>
        ) : null}
      </div>
      <div className={styles.batchActions}>
        <a href={pathOf(CLOSING.getStaffRemittancesByIdSlipPdf, { id: r.id })} target="_blank" rel="noreferrer" data-router="ignore">
          Bordereau (PDF)
        </a>
        {r.state === 'prepared' ? (
          <Button size="sm" variant="secondary" disabled={!online || step.isPending} onClick={() => step.mutate({ sent: r.id }, { onError: onFail })}>
            Marquer envoyée
          </Button>
        ) : null}
        {r.state === 'sent' ? (
          <form className={styles.payForm} onSubmit={pay} noValidate>
            <label htmlFor={amountId}>Montant payé par l’émetteur (€)</label>
            <input id={amountId} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${amountId}-error` : undefined} />
            <Button type="submit" size="sm" busy={step.isPending} disabled={!online}>
              Marquer payée
            </Button>
            {error ? (
              <p id={`${amountId}-error`} className={forms.error}>
                {error}
              </p>
            ) : null}
          </form>
        ) : null}
      </div>
      {step.error && !error ? <Alert>{step.error.message}</Alert> : null}
    </li>
  );
}
