import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequestForm } from '../features/contact/components/company-request-form';
import { EntreprisesPage } from '../features/marketing/components/entreprises-page';

export const Route = createFileRoute('/_shop/entreprises')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/entreprises', title: 'Entreprises — Popote', description: 'Un point de livraison Popote dans votre entreprise : déjeuners faits maison livrés sur site, sans frais de livraison.' }),
  component: () => <EntreprisesPage form={<CompanyRequestForm />} />,
});
