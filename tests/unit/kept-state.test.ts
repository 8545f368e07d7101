import { beforeEach, describe, expect, it } from 'vitest';
import { keepState, keptState, restoreKeptState } from '../../src/lib/kept-state';
import type { AppState } from '#shared/api/state';

const state = (over: Partial<AppState> = {}): AppState => ({
  customer: { id: 7, firstname: 'Léa', lastname: 'Durand', email: 'lea@example.fr', phone: '0612345678', isConnectedToEdenred: false },
  current_delivery_date: '2026-11-26',
  last_delivery_id: null,
  usual_delivery_location_id: 3,
  cart: null,
  current_delivery: null,
  settings: { enable_cutlery: '1' },
  contact_types: {},
  ...over,
});

describe('the visitor kept on the device for offline', () => {
  beforeEach(() => {
    localStorage.clear();
    keptState.state = null;
  });

  it('keeps who the customer is, never their e-mail nor phone', () => {
    keepState(state());
    const stored = localStorage.getItem('popote:state')!;
    expect(stored).toContain('Léa');
    expect(stored).not.toContain('lea@example.fr');
    expect(stored).not.toContain('0612345678');
    expect(keptState.state?.customer?.firstname).toBe('Léa');
  });

  it('forgets it once an answer knows nobody and no point (after a logout)', () => {
    keepState(state());
    keepState(state({ customer: null }));
    expect(localStorage.getItem('popote:state')).toBeNull();
    expect(keptState.state).toBeNull();
  });

  it('restores what was kept, and drops what does not read as a state', async () => {
    keepState(state());
    keptState.state = null;
    await restoreKeptState();
    expect((keptState.state as AppState | null)?.customer?.id).toBe(7);
    localStorage.setItem('popote:state', '{"customer": 12}');
    keptState.state = null;
    await restoreKeptState();
    expect(keptState.state).toBeNull();
    expect(localStorage.getItem('popote:state')).toBeNull();
  });
});
