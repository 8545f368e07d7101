import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { closePopin, usePopins } from '../../../lib/popins-store';
import type { ValidatedOrder } from '../../../shared/api/checkout';
import { deliveryHours } from '../payment-rules';
import { payment } from '../payment-store';
import styles from './payment-modal.module.css';

/** The validated-order pop-in: a loading screen while placing, then the delivery; `offer`: what the app adds under it (the arrival notices' offer). */
export function ValidatedOrderPopin({ offer }: { offer?: ReactNode }) {
  const popins = usePopins();
  const order = useSnapshot(payment).order as ValidatedOrder | null;
  const hours = order ? deliveryHours(order) : null;
  return (
    <Dialog open={popins.validated_order} title="Vous allez vous régaler" onClose={() => closePopin('validated_order')} dismissible={Boolean(order)}>
      {order ? (
        <div className={styles.validated} data-testid="validated-order">
          <p>Votre commande est validée, merci !</p>
          {order.delivery_name ? (
            <p>
              Retrouvez-la à <strong>{order.delivery_name}</strong>
              {hours ? <>, {hours}</> : null}.
            </p>
          ) : null}
          {order.invoice_number ? <p className={styles.note}>Commande n° {order.invoice_number} : votre facture est dans votre compte.</p> : null}
          {offer}
          <Button onClick={() => closePopin('validated_order')}>Super !</Button>
        </div>
      ) : (
        <p role="status" className={styles.placing}>
          <Spinner />
          Validation de votre commande...
        </p>
      )}
    </Dialog>
  );
}
