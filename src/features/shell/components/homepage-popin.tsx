import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import styles from './popins.module.css';

/** The homepage pop-in: a message from the team, set in settings (homepage_popin_title / _text). */
export function HomepagePopin({ open, onClose, title, text }: { open: boolean; onClose: () => void; title: string; text: string }) {
  return (
    <Dialog open={open} title={title || 'Le mot de Popote'} onClose={onClose}>
      <div className={styles.popin}>
        <p>{text}</p>
        <Button onClick={onClose}>J’ai compris</Button>
      </div>
    </Dialog>
  );
}
