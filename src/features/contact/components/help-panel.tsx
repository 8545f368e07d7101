import { Dialog } from '../../../components/ui/dialog';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel } from '../../../lib/panel-history';
import { ContactForm } from './contact-form';

/** Help (`?volet=aide`): the contact form in its account mode. */
export function HelpPanel({ open }: OverlayProps) {
  return (
    <Dialog open={open} title="Besoin d’aide ?" onClose={() => closePanel('help')} placement="panel-right">
      <ContactForm mode="userAccount" />
    </Dialog>
  );
}
