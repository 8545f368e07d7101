import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/legal/components/privacy-page';

export const Route = createFileRoute('/politique-de-confidentialite')({
  head: () => ({ meta: [{ title: 'Politique de confidentialité — Popote' }] }),
  component: PrivacyPage,
});
