import { Button } from '../../../components/ui/button';
import type { Delivery } from '../../../shared/api/delivery';
import { frenchTime, frenchTimeRange } from '../../../shared/time';
import styles from './delivery-summary.module.css';

interface DeliverySummaryProps {
  delivery: Delivery | null;
  /** The current delivery date, 'lundi 23 novembre'. */
  dateLabel: string | null;
  /** Opens the delivery selector. */
  onChoose: () => void;
}

/** The chosen point, date and window, or an invitation to choose one. */
export function DeliverySummary({ delivery, dateLabel, onChoose }: DeliverySummaryProps) {
  // Each state keyed: the chosen point arriving after hydration replaces the invitation, rather
  // than morphing its button (its colours animating from one variant to the other).
  if (!delivery) {
    return (
      <div key="invite" className={styles.summary}>
        <p className={styles.invite}>
          {dateLabel ? (
            <>
              Prochaine livraison le <strong>{dateLabel}</strong>. Choisissez où récupérer votre déjeuner pour voir les créneaux.
            </>
          ) : (
            'Aucune livraison n’est prévue pour le moment.'
          )}
        </p>
        <Button size="sm" onClick={onChoose}>
          Choisir un point de livraison
        </Button>
      </div>
    );
  }
  const location = delivery.delivery_location;
  return (
    <div key="chosen" className={styles.summary}>
      <div className={styles.text}>
        <strong>{location.name}</strong>
        <span>{location.address}</span>
        <span>
          {dateLabel ? `${dateLabel}, ` : ''}
          {location.is_private ? `avant ${frenchTime(delivery.starts_at)}` : frenchTimeRange(delivery.starts_at, delivery.ends_at)}
        </span>
      </div>
      <Button variant="secondary" size="sm" onClick={onChoose}>
        Changer
      </Button>
    </div>
  );
}
