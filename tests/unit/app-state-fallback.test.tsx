import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appStateQuery, useAppState, useAppStateOf } from '../../src/lib/app-state';
import { keptState } from '../../src/lib/kept-state';
import type { AppState } from '../../src/shared/api/state';

const visitor = (firstname: string): AppState => ({
  customer: { id: 7, firstname, lastname: 'Martin', email: '', phone: '', isConnectedToEdenred: false },
  current_delivery_date: '2026-11-30',
  last_delivery_id: null,
  usual_delivery_location_id: null,
  cart: null,
  current_delivery: null,
  settings: {},
  contact_types: {},
});

afterEach(() => {
  cleanup();
  keptState.state = null;
});

function Who() {
  const whole = useAppState().data?.customer?.firstname ?? 'personne';
  const slice = useAppStateOf((state) => state.customer?.firstname ?? null) ?? 'personne';
  return <p>{`${whole} / ${slice}`}</p>;
}

async function clientWhoseLastReadFailed(answer: AppState | null): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, refetchOnMount: false } } });
  if (answer) client.setQueryData(appStateQuery.queryKey, answer);
  await client.fetchQuery({ queryKey: appStateQuery.queryKey, queryFn: () => Promise.reject(new Error('perdu')), staleTime: 0 }).catch(() => undefined);
  return client;
}

describe('the app state shown', () => {
  it('keeps the server’s last answer when a later read fails, rather than the copy kept on the device', async () => {
    keptState.state = visitor('Copie');
    const client = await clientWhoseLastReadFailed(visitor('Réponse'));
    render(
      <QueryClientProvider client={client}>
        <Who />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Réponse / Réponse')).toBeTruthy();
  });

  it('shows the kept copy when the server never answered', async () => {
    keptState.state = visitor('Copie');
    const client = await clientWhoseLastReadFailed(null);
    render(
      <QueryClientProvider client={client}>
        <Who />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Copie / Copie')).toBeTruthy();
  });
});
