import { Button } from '../../../components/ui/button';
import styles from './delivery-suggestion.module.css';

interface DeliverySuggestionProps {
  /** "Suggest your company" link, from the environment. */
  suggestUrl: string;
  /** Tricycle delivery: on to the delivery selector. */
  onTricycle: () => void;
}

/** The delivery suggestion modal: tricycle stop or office delivery (docs/product/delivery.md). */
export function DeliverySuggestion({ suggestUrl, onTricycle }: DeliverySuggestionProps) {
  return (
    <div className={styles.choices}>
      <section className={styles.choice} aria-labelledby="suggest-tricycle">
        <h3 id="suggest-tricycle">En triporteur, à un arrêt près de vous</h3>
        <p>Nos triporteurs s’arrêtent chaque midi dans huit quartiers de Lyon. Choisissez l’arrêt et le créneau qui vous vont.</p>
        <Button onClick={onTricycle}>Voir les points de livraison</Button>
      </section>
      <section className={styles.choice} aria-labelledby="suggest-office">
        <h3 id="suggest-office">Au bureau, pour toute votre entreprise</h3>
        <p>Un point réservé aux salariés sur votre site, sans frais pour l’entreprise, dès quelques commandes par jour.</p>
        <a className={styles.link} href={suggestUrl}>
          Proposer mon entreprise
        </a>
      </section>
    </div>
  );
}
