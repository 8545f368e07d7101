import { createFileRoute } from '@tanstack/react-router';
import { ContactForm } from '../features/contact/components/contact-form';
import { ContactPage } from '../features/marketing/components/contact-page';

export const Route = createFileRoute('/contact')({
  head: () => ({ meta: [{ title: 'Contactez-nous — Popote' }] }),
  component: () => <ContactPage form={<ContactForm mode="contactPage" />} />,
});
