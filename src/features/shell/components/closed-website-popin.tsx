import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import styles from './popins.module.css';
import { frenchTime } from '../../../shared/time';

interface ClosedWebsitePopinProps {
  open: boolean;
  onClose: () => void;
  /** 'HH:MM' from settings. */
  openingHour: string;
  /** 'mardi 24 novembre', the next delivery day. */
  nextDateLabel: string | null;
  newsletter: ReactNode;
}

/** No more slots today: when orders reopen, and the newsletter meanwhile (docs/product/delivery.md). */
export function ClosedWebsitePopin({ open, onClose, openingHour, nextDateLabel, newsletter }: ClosedWebsitePopinProps) {
  const hour = frenchTime(openingHour);
  return (
    <Dialog open={open} title="Les commandes du jour sont terminées" onClose={onClose}>
      <div className={styles.popin}>
        <p>
          Plus aucun créneau de livraison n’est ouvert aujourd’hui. Les commandes
          {nextDateLabel ? ` pour le ${nextDateLabel}` : ' du prochain jour de livraison'} ouvrent à <strong>{hour}</strong>.
        </p>
        <p>Recevez les menus de la semaine pour ne plus rater la fin des commandes :</p>
        {newsletter}
        <Button variant="secondary" onClick={onClose}>
          Voir la carte quand même
        </Button>
      </div>
    </Dialog>
  );
}
