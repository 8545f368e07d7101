import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/legal/components/privacy-page';

export const Route = createFileRoute('/_shop/politique-de-confidentialite')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/politique-de-confidentialite', title: 'Politique de confidentialité — Popote', description: 'Quelles données Popote collecte, pourquoi, combien de temps elles sont gardées et comment exercer vos droits.' }),
  component: PrivacyPage,
});
