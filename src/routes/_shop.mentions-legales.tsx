import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { LegalNoticesPage } from '../features/legal/components/legal-notices-page';

export const Route = createFileRoute('/_shop/mentions-legales')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/mentions-legales', title: 'Mentions légales — Popote', description: 'Éditeur, hébergeur et informations légales du site Popote.' }),
  component: LegalNoticesPage,
});
