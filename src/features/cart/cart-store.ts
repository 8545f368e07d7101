import { proxy } from 'valtio';
import { ApiError, NetworkError } from '../../lib/api-client';
import { notify } from '../../lib/snackbar-store';
import { readStored, removeStored, writeStored } from '../../lib/stored';
import type { Cart } from '../../shared/api/cart';
import { refusalNotice, type CartActionKind } from './cart-rules';

/**
 * The client's mirror of the server cart: every answer of a cart call (and every app-state load)
 * replaces it whole. `pending` names the calls in flight, so a double click never adds twice.
 */
export const cartState = proxy({
  cart: null as Cart | null,
  /** Epoch ms when the server releases the cart; null when empty. */
  expiresAt: null as number | null,
  pending: {} as Record<string, true>,
});

const STORED_CART = 'popote:cart';

export function replaceCart(cart: Cart | null, now = Date.now()) {
  cartState.cart = cart;
  cartState.expiresAt = cart && cart.products.length ? now + cart.expiration_in_seconds * 1000 : null;
  storeCart(cart);
  tellOtherTabs({ cart, expiresAt: cartState.expiresAt });
}

/** What one tab tells the others of the app: the cart the server last answered it. */
interface TabMessage {
  cart: Cart | null;
  expiresAt: number | null;
}
let otherTabs: BroadcastChannel | null = null;

/** Sent as JSON: the answer objects may be wrapped (not cloneable), and telling must never break the page. */
function tellOtherTabs(message: TabMessage) {
  try {
    otherTabs?.postMessage(JSON.stringify(message));
  } catch (error) {
    console.warn('Le panier n’a pas pu être partagé avec les autres onglets', error);
  }
}

/**
 * Two tabs of the app share one cart on the server: each answer one of them gets is shown by the
 * others at once (without telling it back), so they never disagree. Started after hydration.
 */
export function shareCartWithOtherTabs() {
  if (otherTabs || typeof BroadcastChannel === 'undefined') return;
  otherTabs = new BroadcastChannel('popote:cart');
  otherTabs.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as TabMessage;
    cartState.cart = message.cart;
    cartState.expiresAt = message.expiresAt;
  };
}

/**
 * A snapshot of the last cart the server answered, so a customer offline still sees it (read-only).
 * Where storage is refused (private modes), it is only not kept.
 */
function storeCart(cart: Cart | null) {
  if (cart) writeStored(STORED_CART, cart);
  else removeStored(STORED_CART);
}

/**
 * After hydration, before the server answers (or while it cannot): the last cart seen, checked
 * against the cart's schema (loaded then: no zod on the first screen). It carries no expiry timer:
 * the server's next answer replaces it, with its own.
 */
export async function restoreStoredCart() {
  const stored = readStored(STORED_CART);
  if (stored === null || cartState.cart) return;
  const { cartSchema } = await import('../../shared/api/cart');
  const parsed = cartSchema.safeParse(stored);
  if (!parsed.success) removeStored(STORED_CART);
  else if (!cartState.cart) cartState.cart = parsed.data;
}

/** What the customer is told when a change's answer was lost and the cart was read again. */
export const CART_CHECKED = {
  title: 'Connexion instable',
  message: 'La réponse s’est perdue : nous avons vérifié votre panier, il est affiché tel qu’il est enregistré.',
};

/**
 * Runs one cart call under a key (ignored while the same key is in flight), replaces the mirror
 * with its answer, and shows the cart's notice on refusal. A failure without an answer (lost,
 * stalled) is unclear: the change may have been applied, so the cart is read again and shown as
 * the server holds it, rather than called failed. Answers whether it ran and succeeded.
 */
export async function cartAction(key: string, kind: CartActionKind, call: () => Promise<Cart>, reread?: () => Promise<Cart>): Promise<{ ok: boolean; error?: ApiError }> {
  if (cartState.pending[key]) return { ok: false };
  cartState.pending[key] = true;
  const change = ++changesStarted;
  const refused = (error: ApiError) => {
    const notice = refusalNotice(kind, error);
    if (notice) notify({ ...notice, type: 'error' });
    else if (kind === 'deposits') console.warn('deposit change refused', error.body);
  };
  try {
    replaceCart(await call());
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Unsent (its anti-forgery token could not be fetched): certainly not applied, plainly failed.
    if (error instanceof NetworkError && !error.unsent && reread) {
      // The button is given back at once (on a stalled line the check may wait its own deadline):
      // the check runs behind it, and shows the cart only if no change was started since.
      void reread().then(
        (cart) => {
          if (change !== changesStarted) return;
          replaceCart(cart);
          notify({ ...CART_CHECKED, type: 'info' });
        },
        () => refused(error),
      );
      return { ok: false, error };
    }
    refused(error);
    return { ok: false, error };
  } finally {
    delete cartState.pending[key];
    lastChangeAt = Date.now();
  }
}

/** When a cart change last ended (ms); one under way is in `cartState.pending`. */
let lastChangeAt = 0;
/** How many changes were started: a late check of an older one does not overwrite a newer. */
let changesStarted = 0;

/**
 * Whether the cart inside an app state asked for at `requestedAt` may replace the mirror: not while a
 * change is under way, nor when a change ended after that request left. The state read then may
 * hold the cart as it was before the change (a fast tap just after the page loads, or a slow state
 * answer), and showing it would undo the change on screen while the server holds it.
 */
export function stateCartIsCurrent(requestedAt: number): boolean {
  return Object.keys(cartState.pending).length === 0 && lastChangeAt < requestedAt;
}
