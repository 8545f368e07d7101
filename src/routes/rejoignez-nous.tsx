import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/contact-form';
import { JoinPage } from '../features/marketing/components/join-page';

export const Route = createFileRoute('/rejoignez-nous')({
  head: () => ({ meta: [{ title: 'Rejoignez-nous — Popote' }] }),
  component: () => <JoinPage form={<ContactForm mode="apply" />} />,
});
