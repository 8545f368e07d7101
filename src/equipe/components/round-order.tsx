import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { formatEuros } from '../../shared/money';
import { receivedCents } from '../../shared/round-outcome';
import { ABSENCE_REASON_LABELS, ABSENCE_REASONS, NOT_TO_HAND_OVER, type AbsenceReason } from '../../shared/api/courier-round';
import type { KeptEvent } from '../round/outbox-rules';
import { handOverEvents, lastTap, orderLabel, tapLabel, type NewEvent, type ShownOrder } from '../round/round-display';
import { DEFAULT_ISSUER } from '../round/issuer';
import { ContainersEditor, VouchersEditor } from './round-corrections';
import styles from './round-page.module.css';

const OUTCOME_LABELS = { handed_over: 'Remis', absent: 'Absent' } as const;

/** '2 × 9,25 € + 1 × 8,00 €': vouchers by value. */
const rowsText = (rows: readonly { count: number; unit_cents: number }[]) => rows.map((row) => `${row.count} × ${formatEuros(row.unit_cents)}`).join(' + ');

/**
 * One bag at a stop: who, what, what to collect, and the actions. "Remis" is one tap (vouchers and
 * containers as declared with it); "Absent" two (the reason); "Annuler" takes back the last.
 */
export function RoundOrder({
  order,
  closed,
  busy = false,
  entries,
  record,
}: {
  order: ShownOrder;
  closed: boolean;
  /** Taps wait: the phone cannot keep actions, and the last one is not with the server yet. */
  busy?: boolean;
  entries: readonly KeptEvent[];
  record: (events: NewEvent[], label: string) => Promise<void>;
}) {
  const [asking, setAsking] = useState<'absent' | 'vouchers' | 'containers' | null>(null);
  const id = useId();
  // Cancelled (or refunded) after it was packed: the bag stays in sight, not to be handed over.
  const gone = NOT_TO_HAND_OVER[order.state];
  const cancelled = Boolean(gone);
  const last = lastTap(entries, order.order_id);
  const act = (events: NewEvent[]) => {
    setAsking(null);
    void record(events, orderLabel(order));
  };
  const undo = () => act(last.map((entry) => ({ type: 'undo', order_id: order.order_id, undoes: entry.event.id })));
  const declared = order.vouchers_declared;
  return (
    <li className={`${styles.order} ${cancelled ? styles.cancelled : ''}`} aria-labelledby={`${id}-who`}>
      <div className={styles.orderHead}>
        <h3 id={`${id}-who`}>
          {order.customer} <span className={styles.invoice}>{order.invoice_number}</span>
        </h3>
        <p className={styles.state} data-outcome={cancelled ? 'cancelled' : (order.outcome ?? 'none')}>
          {gone
            ? gone
            : order.outcome
              ? `${OUTCOME_LABELS[order.outcome]}${order.absence_reason ? ` — ${ABSENCE_REASON_LABELS[order.absence_reason]}` : ''}`
              : 'À remettre'}
          {order.local && <span className={styles.unsent}> · pas encore envoyé</span>}
        </p>
      </div>
      {order.phone && (
        <a className={styles.phone} href={`tel:${order.phone.replace(/\s/g, '')}`}>
          Appeler {order.phone}
        </a>
      )}
      <ul className={styles.lines}>
        {order.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {(declared || order.containers_declared > 0) && (
        <dl className={styles.collect}>
          {declared && (
            <>
              <dt>Titres papier déclarés</dt>
              <dd>
                {rowsText(declared.rows)} = {formatEuros(declared.total_cents)}
              </dd>
            </>
          )}
          {order.vouchers_received && (
            <>
              <dt>Titres reçus</dt>
              <dd>{order.vouchers_received.length === 0 ? 'aucun' : `${rowsText(order.vouchers_received)} = ${formatEuros(receivedCents(order.vouchers_received))}`}</dd>
            </>
          )}
          {order.containers_declared > 0 && (
            <>
              <dt>Contenants à récupérer</dt>
              <dd>{order.containers_declared}</dd>
            </>
          )}
          {order.containers_received !== null && (
            <>
              <dt>Contenants repris</dt>
              <dd>{order.containers_received}</dd>
            </>
          )}
        </dl>
      )}
      {!closed && !cancelled && (
        <div className={styles.actions}>
          {order.outcome !== 'handed_over' && (
            <Button onClick={() => act(handOverEvents(order, DEFAULT_ISSUER))} aria-describedby={`${id}-who`} disabled={busy}>
              Remis
            </Button>
          )}
          {order.outcome === null && (
            <Button variant="secondary" aria-expanded={asking === 'absent'} onClick={() => setAsking(asking === 'absent' ? null : 'absent')} aria-describedby={`${id}-who`} disabled={busy}>
              Absent…
            </Button>
          )}
          {order.outcome === 'handed_over' && (
            <>
              {(declared || order.vouchers_received) && (
                <Button variant="secondary" size="sm" aria-expanded={asking === 'vouchers'} onClick={() => setAsking(asking === 'vouchers' ? null : 'vouchers')} disabled={busy}>
                  Corriger les titres
                </Button>
              )}
              <Button variant="secondary" size="sm" aria-expanded={asking === 'containers'} onClick={() => setAsking(asking === 'containers' ? null : 'containers')} disabled={busy}>
                Corriger les contenants
              </Button>
            </>
          )}
          {last.length > 0 && (
            <Button variant="ghost" size="sm" onClick={undo} disabled={busy}>
              Annuler « {tapLabel(last)} »
            </Button>
          )}
        </div>
      )}
      {asking === 'absent' && (
        <fieldset className={styles.reasons}>
          <legend>Pourquoi le sac n’est-il pas remis ?</legend>
          {ABSENCE_REASONS.map((reason: AbsenceReason) => (
            <Button key={reason} variant="secondary" size="sm" onClick={() => act([{ type: 'absent', order_id: order.order_id, reason }])} disabled={busy}>
              {ABSENCE_REASON_LABELS[reason]}
            </Button>
          ))}
        </fieldset>
      )}
      {asking === 'vouchers' && <VouchersEditor order={order} onSave={(rows) => act([{ type: 'vouchers_received', order_id: order.order_id, rows }])} onCancel={() => setAsking(null)} />}
      {asking === 'containers' && (
        <ContainersEditor order={order} onSave={(count) => act([{ type: 'containers_returned', order_id: order.order_id, count }])} onCancel={() => setAsking(null)} />
      )}
      {order.balance_due > 0 && <p className={styles.due}>Reste dû : {formatEuros(order.balance_due)}</p>}
    </li>
  );
}
