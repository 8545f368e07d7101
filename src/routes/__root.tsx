import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '../app/app-shell';
import type { RouterContext } from '../app/router-context';
import { ErrorPage } from '../features/shell/components/error-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Popote — déjeuners faits maison livrés en triporteur à Lyon' }] }),
  component: AppShell,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: () => <ErrorPage status={500} />,
});
