import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/contact-form';
import { JoinPage } from '../features/marketing/components/join-page';

export const Route = createFileRoute('/_shop/rejoignez-nous')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/rejoignez-nous', title: 'Rejoignez-nous — Popote', description: 'Cuisine, livraison en triporteur, service client : rejoignez l’équipe Popote à Lyon et envoyez votre candidature.' }),
  component: () => <JoinPage form={<ContactForm mode="apply" />} />,
});
