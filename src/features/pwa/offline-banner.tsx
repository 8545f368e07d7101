import { useSnapshot } from 'valtio';
import { connection } from '../../lib/connection-store';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './offline-banner.module.css';

/**
 * The persistent notice of a lost connection (not a 3-second toast): what still works and what waits
 * for the network; then, for a few seconds, that the connection is back and the data refreshed.
 * Online, a call that takes long is said too ("lente"), and one that got no answer in time
 * ("ne répond pas") until the server answers again.
 * On a phone it takes room: the customer may reduce it to a small "Hors connexion" mark (which
 * opens it again) for the rest of that offline period.
 */
export function OfflineBanner() {
  const { online, restored, noticeReduced: reduced, slow, stalled } = useSnapshot(connection);
  const hydrated = useHydrated();
  const setReduced = (value: boolean) => (connection.noticeReduced = value);
  // Drawn as the server drew it (online, nothing to say) until hydrated: a call watched from the
  // start may have turned slow while the page was hydrating.
  if (!hydrated) return <div role="status" aria-live="polite" className={styles.live} />;
  if (online && (stalled || slow)) {
    return (
      <div role="status" aria-live="polite" className={`${styles.banner} ${styles.slow}`} data-testid="connection-banner">
        {stalled ? (
          <p>
            <strong>La connexion ne répond pas.</strong> Vous voyez les dernières informations reçues ; nous réessayons en arrière-plan.
          </p>
        ) : (
          <p>
            <strong>La connexion est lente.</strong> Nous attendons la réponse du serveur…
          </p>
        )}
      </div>
    );
  }
  if (online && !restored) return <div role="status" aria-live="polite" className={styles.live} />;
  if (!online && reduced) {
    return (
      <div role="status" aria-live="polite" className={`${styles.banner} ${styles.offline} ${styles.reduced}`} data-testid="connection-banner">
        <button type="button" className={styles.mark} aria-expanded={false} onClick={() => setReduced(false)}>
          Hors connexion
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className={`${styles.banner} ${online ? styles.back : styles.offline}`} data-testid="connection-banner">
      {online ? (
        <p>
          <strong>La connexion est revenue.</strong> Les menus, votre panier et votre livraison sont à jour.
        </p>
      ) : (
        <>
          <p>
            <strong>Vous êtes hors connexion.</strong> Les menus, les plats, les points de livraison et votre panier restent consultables ;
            ajouter au panier, choisir une livraison, vous connecter et payer attendent le retour du réseau.
          </p>
          <button type="button" className={styles.reduce} aria-label="Réduire l’avis hors connexion" aria-expanded onClick={() => setReduced(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}
