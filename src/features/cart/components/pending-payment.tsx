import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/snackbar-store';
import { cancelCardPayment } from '../api/cart-calls';
import { replaceCart } from '../cart-store';
import { call } from '../../../lib/api-call';
import { CART } from '../../../shared/api/routes/cart';

/** The basket is locked while a card payment is under way: say so, and offer to give that payment up. */
export function PendingPayment() {
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      await cancelCardPayment();
      replaceCart(await call(CART.getCart));
    } catch (err) {
      notify({ title: 'Paiement en cours', message: err instanceof ApiError ? err.message : 'Réessayez dans un instant.', type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Alert tone="info">
      Un paiement par carte est en cours pour ce panier : il ne peut pas être modifié ni payé à nouveau d’ici sa confirmation.{' '}
      <LinkButton onClick={() => void cancel()} disabled={busy}>
        Annuler le paiement
      </LinkButton>
    </Alert>
  );
}
