import { useSnapshot } from 'valtio';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../../components/ui/button';
import { installOffer, isStandalone } from './install-rules';
import { pwa } from './pwa-store';
import styles from './install-app.module.css';

/** Shows the browser's install dialog; the offer can be used once. */
async function promptInstall() {
  const event = pwa.installPrompt;
  if (!event) return;
  pwa.installPrompt = null;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

/**
 * "Installer l'application": the browser's own install dialog where it offers one, Safari's two
 * steps on iPhone and iPad; nothing once installed.
 */
export function InstallApp() {
  const { installPrompt } = useSnapshot(pwa);
  // The browser's offer is the browser's: nothing to say before it is known.
  if (!useHydrated()) return null;
  const offer = installOffer({
    hasPrompt: Boolean(installPrompt),
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: isStandalone(),
  });
  if (!offer) return null;
  return (
    <section className={styles.install} aria-labelledby="install-app">
      <h2 className={styles.heading} id="install-app">
        L’application Popote
      </h2>
      <p className={styles.text}>Sur votre écran d’accueil, les menus et les points de livraison restent consultables même sans réseau.</p>
      {offer === 'prompt' ? (
        <Button variant="secondary" size="sm" onClick={() => void promptInstall()}>
          Installer l’application
        </Button>
      ) : (
        <p className={styles.steps} data-testid="ios-install">
          Dans Safari, touchez <strong>Partager</strong>{' '}
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.icon}>
            <path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>{' '}
          puis « Sur l’écran d’accueil ».
        </p>
      )}
    </section>
  );
}
