import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useOnline } from '../../../lib/connection-store';
import styles from './cart-modal.module.css';

interface CartExpiryPopinProps {
  open: boolean;
  /** 'warning' two minutes before expiry, 'timeout' once the cart is released. */
  mode: 'warning' | 'timeout';
  onClose: () => void;
  onShowCart: () => void;
  /** Reloads the app state (and so the cart); offline, empties the cart shown (the server released it). */
  onRefresh: () => void;
}

/** The cart-expiry pop-in (docs/product/cart.md), in its warning or timeout mode. */
export function CartExpiryPopin({ open, mode, onClose, onShowCart, onRefresh }: CartExpiryPopinProps) {
  const online = useOnline();
  if (mode === 'timeout') {
    // Offline there is nothing to reload yet: it is said, and done when the network returns.
    return (
      <Dialog open={open} title="Votre panier a expiré" onClose={onRefresh}>
        <div className={styles.popin}>
          {online ? (
            <p>Les plats qu’il vous réservait ont été remis en vente. Actualisez pour retrouver la carte et un panier à jour.</p>
          ) : (
            <p>
              Les plats qu’il vous réservait ont été remis en vente. Vous êtes hors connexion : la carte et votre panier seront actualisés
              dès le retour du réseau.
            </p>
          )}
          <Button onClick={onRefresh}>{online ? 'Actualiser' : 'J’ai compris'}</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} title="Votre panier expire bientôt" onClose={onClose}>
      <div className={styles.popin}>
        <p>Sans nouvelle modification, votre panier sera libéré dans 2 minutes et ses plats remis en vente.</p>
        <div className={styles.popinActions}>
          <Button onClick={onShowCart}>Voir mon panier</Button>
          <Button variant="secondary" onClick={onClose}>
            J’ai compris
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
