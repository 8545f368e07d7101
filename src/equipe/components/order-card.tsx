import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/snackbar-store';
import { formatEuros } from '../../shared/money';
import { MEANS_STATE_LABELS, PAYMENT_MEANS_LABELS, type StaffOrder } from '../../shared/api/staff';
import { mayCancel } from '../order-board-rules';
import { useRetryRefunds } from '../team-api';
import { CancelDialog, DueDialog, RefundDialog } from './order-dialogs';
import styles from './orders-board.module.css';

/** One order on the board: who, what, how it was paid and where it stands; cancel and refund. */
export function OrderCard({ order }: { order: StaffOrder }) {
  const [dialog, setDialog] = useState<'cancel' | 'refund' | 'due' | null>(null);
  const retry = useRetryRefunds();
  const title = `commande ${order.invoice_number ?? `n° ${order.id}`}`;
  return (
    <article className={styles.card} aria-label={`Commande ${order.invoice_number ?? `n° ${order.id}`}, ${order.customer.name}`} data-state={order.state}>
      <header className={styles.cardHead}>
        <h4>{order.customer.name}</h4>
        <span className={styles.state} data-state={order.refund_pending ? 'refund_pending' : order.state}>
          {order.refund_pending ? 'Remboursement en attente' : order.state_label}
        </span>
      </header>
      <p className={styles.meta}>
        {order.invoice_number ?? `n° ${order.id}`}
        {order.customer.company ? ` · ${order.customer.company}` : ''} ·{' '}
        <a href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`}>{order.customer.phone}</a>
      </p>
      <ul className={styles.lines}>
        {order.lines.map((line, index) => (
          <li key={index}>
            <strong>{line.quantity} ×</strong> {line.name}
            {line.children.length ? <span className={styles.children}> ({line.children.map((child) => (child.extra ? `+ ${child.name}` : child.name)).join(', ')})</span> : null}
          </li>
        ))}
      </ul>
      <p className={styles.meta}>
        {order.cutlery ? `${order.cutlery} couverts · ` : ''}
        {order.tote_bags ? `${order.tote_bags} sacs · ` : ''}
        Contenants : {order.containers_added} consignés, {order.containers_returned} rendus
        {order.containers_received !== null && order.containers_received !== order.containers_returned ? ` (repris à la livraison : ${order.containers_received})` : ''}
      </p>
      {order.balance_due > 0 ? <p className={styles.due}>Reste dû par le client : {formatEuros(order.balance_due)}</p> : null}
      <p className={styles.money}>
        <strong>{formatEuros(order.amount_total)}</strong>
        {order.refunded ? <span> · remboursé {formatEuros(order.refunded)}</span> : null}
      </p>
      <ul className={styles.means} aria-label="Moyens de paiement">
        {order.means.map((means) => (
          <li key={`${means.means}-${means.state}`} data-state={means.state}>
            {PAYMENT_MEANS_LABELS[means.means]} {formatEuros(means.amount)} —{' '}
            {means.received !== undefined && means.received !== means.amount ? `${formatEuros(means.received)} reçus` : MEANS_STATE_LABELS[means.state]}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {order.refund_pending ? (
          <Button
            size="sm"
            variant="secondary"
            busy={retry.isPending}
            onClick={() =>
              retry.mutate(order.id, {
                onSuccess: () => notify({ title: 'Remboursement relancé', message: `Le remboursement de la ${title} est relancé auprès du prestataire.`, type: 'info' }),
                onError: (error) => notify({ title: 'Relance impossible', message: error.message, type: 'error' }),
              })
            }
          >
            Relancer le remboursement
          </Button>
        ) : null}
        {order.balance_due > 0 ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('due')}>
            Enregistrer un règlement
          </Button>
        ) : null}
        {order.refundable > 0 && order.state !== 'cancelled' ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('refund')}>
            Rembourser
          </Button>
        ) : null}
        {mayCancel(order) ? (
          <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')}>
            Annuler la commande
          </Button>
        ) : null}
      </div>
      {dialog === 'cancel' ? <CancelDialog order={order} title={title} onClose={() => setDialog(null)} /> : null}
      {dialog === 'refund' ? <RefundDialog order={order} title={title} onClose={() => setDialog(null)} /> : null}
      {dialog === 'due' ? <DueDialog order={order} title={title} onClose={() => setDialog(null)} /> : null}
    </article>
  );
}
