import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequestForm } from '../features/contact/components/company-request-form';
import { EntreprisesPage } from '../features/marketing/components/entreprises-page';

export const Route = createFileRoute('/entreprises')({
  head: () => ({ meta: [{ title: 'Entreprises — Popote' }] }),
  component: () => <EntreprisesPage form={<CompanyRequestForm />} />,
});
