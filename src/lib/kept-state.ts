import { proxy } from 'valtio';
import type { AppState } from '../shared/api/state';
import { readStored, removeStored, writeStored } from './stored';

/**
 * Who the visitor is and where they chose to be delivered, kept on the device from the last app
 * state the server answered, so that offline (or when the state cannot be had) the header still
 * shows a logged-in customer as such, with their chosen point (docs/offline.md). Kept: the
 * customer's id and names, the chosen delivery, the usual point, the public settings; never the
 * e-mail, the phone nor the cart (the cart has its own mirror). Replaced by each answer, removed
 * when an answer has neither customer nor delivery (after a logout, say).
 */
const KEY = 'popote:state';

export const keptState = proxy({ state: null as AppState | null });

export function keepState(state: AppState): void {
  if (!state.customer && !state.current_delivery) {
    removeStored(KEY);
    keptState.state = null;
    return;
  }
  const kept: AppState = {
    ...state,
    customer: state.customer && { ...state.customer, email: '', phone: '' },
    cart: null,
  };
  writeStored(KEY, kept);
  keptState.state = kept;
}

/** After hydration: the kept state, checked against the state's schema (loaded then). */
export async function restoreKeptState(): Promise<void> {
  const stored = readStored(KEY);
  if (stored === null || keptState.state) return;
  const { stateSchema } = await import('../shared/api/state');
  const parsed = stateSchema.safeParse(stored);
  if (!parsed.success) removeStored(KEY);
  else keptState.state ??= parsed.data;
}
