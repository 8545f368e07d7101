import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/contact-form';
import { ContactPage } from '../features/marketing/components/contact-page';

export const Route = createFileRoute('/_shop/contact')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/contact', title: 'Contactez-nous — Popote', description: 'Une question sur une commande, une livraison ou la consigne ? Écrivez à l’équipe Popote, nous répondons du lundi au vendredi.' }),
  component: () => <ContactPage form={<ContactForm mode="contactPage" />} />,
});
