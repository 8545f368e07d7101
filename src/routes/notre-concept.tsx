import { createFileRoute } from '@tanstack/react-router';
import { ConceptPage } from '../features/marketing/components/concept-page';

export const Route = createFileRoute('/notre-concept')({
  head: () => ({ meta: [{ title: 'Notre concept — Popote' }] }),
  component: ConceptPage,
});
