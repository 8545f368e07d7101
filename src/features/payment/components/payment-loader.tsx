import { useSnapshot } from 'valtio';
import { Spinner } from '../../../components/ui/spinner';
import { useOnline } from '../../../lib/connection-store';
import { payment } from '../payment-store';
import styles from './payment-loader.module.css';

/**
 * A card payment being confirmed (the bank has not said yet, or the connection loses the checks'
 * answers): a notice in the page, which stays usable meanwhile (the checks go on behind it).
 */
export function PaymentConfirming() {
  const { confirming } = useSnapshot(payment);
  if (!confirming) return null;
  return (
    <div className={styles.confirming} role="status" aria-live="polite" data-testid="payment-confirming">
      <Spinner />
      {confirming === 'bank' ? (
        <p>
          <strong>Validation de votre paiement...</strong> Votre banque n’a pas encore confirmé votre paiement par carte : votre commande
          s’affichera ici dès sa confirmation. Vous pouvez continuer votre visite.
        </p>
      ) : (
        <p>
          <strong>Validation de votre paiement...</strong> La connexion est instable : nous vérifions votre paiement et votre commande
          s’affichera ici dès que nous aurons la réponse. Vous pouvez continuer votre visite.
        </p>
      )}
    </div>
  );
}

/** The full-screen payment loader. */
export function PaymentLoader() {
  const { loader } = useSnapshot(payment);
  const online = useOnline();
  if (!loader) return null;
  return (
    <div className={styles.loader} role="status" aria-live="assertive">
      <Spinner size="lg" />
      <p>Validation de votre paiement...</p>
      {online ? null : <p>Vous êtes hors connexion : nous vérifierons votre paiement dès le retour du réseau.</p>}
    </div>
  );
}
