import { useSnapshot } from 'valtio';
import { Spinner } from '../../../components/ui/spinner';
import { useOnline } from '../../../lib/connection-store';
import { payment } from '../payment-store';
import styles from './payment-loader.module.css';

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
