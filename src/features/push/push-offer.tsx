import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { ApiError } from '../../lib/api-client';
import { currentPushState, readPushKey, subscribeToPush, unsubscribeFromPush, type PushOfferState } from './push-browser';
import styles from './push-offer.module.css';

const TEXT = {
  offer: 'Être prévenu quand le triporteur arrive',
  on: 'Vous serez prévenu sur cet appareil quand le triporteur arrive à votre point de livraison.',
  off: 'Ne plus être prévenu',
  denied: 'Les notifications sont bloquées pour Popote dans les réglages du navigateur.',
  unsupported: 'Ce navigateur ne peut pas afficher les notifications de Popote.',
  ios: 'Sur iPhone, ajoutez d’abord Popote à l’écran d’accueil (Partager → Sur l’écran d’accueil), puis ouvrez-la depuis l’icône.',
  failed: 'Impossible d’activer les notifications\u00a0: réessayez dans un instant.',
} as const;

/**
 * "Être prévenu quand le triporteur arrive" (docs/product/notifications.md): the browser's
 * permission is asked only on the tap, never on arrival; one tap turns it off. Hidden while the
 * state is read and when push is off on the server.
 */
export default function PushOffer() {
  const [state, setState] = useState<PushOfferState>('hidden');
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([readPushKey(controller.signal), currentPushState()])
      .then(([publicKey, current]) => {
        setKey(publicKey);
        setState(publicKey ? current : 'hidden');
      })
      // Offline or a failing server: no offer rather than a broken one.
      .catch(() => setState('hidden'));
    return () => controller.abort();
  }, []);

  const act = async (change: () => Promise<PushOfferState | void>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await change();
      if (next) setState(next);
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'hidden') return null;
  return (
    <div className={styles.offer} data-testid="push-offer">
      {state === 'off' && key ? (
        <Button variant="secondary" size="sm" busy={busy} onClick={() => void act(() => subscribeToPush(key))}>
          {TEXT.offer}
        </Button>
      ) : null}
      {state === 'on' ? (
        <p className={styles.on}>
          {TEXT.on}{' '}
          <LinkButton disabled={busy} onClick={() => void act(async () => (await unsubscribeFromPush(), 'off'))}>
            {TEXT.off}
          </LinkButton>
        </p>
      ) : null}
      {state === 'denied' ? <p className={styles.note}>{TEXT.denied}</p> : null}
      {state === 'unsupported' ? <p className={styles.note}>{TEXT.unsupported}</p> : null}
      {state === 'ios-install' ? (
        <p className={styles.note}>
          <strong>{TEXT.offer}</strong>{'\u00a0'}: {TEXT.ios}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
