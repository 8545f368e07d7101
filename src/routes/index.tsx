import { createFileRoute } from '@tanstack/react-router';
import { HomeIntro } from '../features/marketing/components/home-intro';

export const Route = createFileRoute('/')({
  component: HomeIntro,
});
