import { ApiError, NetworkError } from '../../lib/api-client';
import { closePanel, openPanel } from '../../lib/panel-history';
import { closePopin, openPopin } from '../../lib/popins-store';
import { isOnline } from '../../lib/connection-store';
import { notify } from '../../lib/snackbar-store';
import type { ValidatedOrder } from '../../shared/api/checkout';
import { CHECKOUT_ERRORS } from '../../shared/api/checkout';
import { fetchCardOrder, fetchPendingOrder, giveUpCardPayment, orderFreeCart, refundEdenredForCard, startCardPayment, validateCart } from './api/payment-calls';
import { payment } from './payment-store';
import { forgetCardPayment, keepCardPayment, purchaseEvent, type CardReturn } from './payment-rules';
import { wait } from '../../lib/wait';

/** What payment needs from the app: refresh the server state (cart, pool, orders) after a change. */
export interface PaymentContext {
  refresh: () => Promise<void> | void;
}

const ERROR_TITLE = 'Nous avons rencontré une erreur';
export const PENDING_POLL = { intervalMs: 2000, tries: 10 } as const;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * A payment is complete: the pre-order is cleared, the order stored, the purchase
 * event sent, the state refreshed, the panel closed and the validated-order pop-in shown.
 */
export async function completePayment(order: ValidatedOrder, ctx: PaymentContext) {
  payment.preOrder = null;
  payment.order = order;
  payment.loader = false;
  payment.confirming = false;
  (window.dataLayer ??= []).push(purchaseEvent(order));
  closePanel();
  openPopin('validated_order');
  await ctx.refresh();
}

/**
 * The payment click (docs/product/payments.md), once login and delivery are settled: the payment
 * panel takes the cart's place in the history, so the back button goes back to the page under it.
 */
export async function checkout(cart: { final_price: string }, ctx: PaymentContext) {
  if (cart.final_price === '0,00') {
    payment.order = null;
    openPopin('validated_order');
    try {
      await completePayment(await orderFreeCart(), ctx);
    } catch (err) {
      closePopin('validated_order');
      failed(err, ctx);
    }
    return;
  }
  try {
    payment.preOrder = await validateCart();
    payment.screen = 'recap';
    openPanel('payment');
  } catch (err) {
    failed(err, ctx);
  }
}

/** What a payment panel says when the checkout it names is gone (paid, replaced, or never this visitor's). */
export const EXPIRED_CHECKOUT = {
  title: 'Paiement expiré',
  message: 'Ce paiement n’est plus en cours : voici votre panier, validez-le de nouveau pour payer.',
};

/**
 * The payment panel opened without a checkout of this page (a reload, a link, the forward
 * button): it shows the server's open pre-order, the same checkout, when there is still one;
 * else it says the payment expired and shows the cart.
 */
export async function resumeCheckout(): Promise<void> {
  try {
    payment.preOrder = await fetchPendingOrder();
    payment.screen = 'recap';
  } catch (err) {
    if (err instanceof NetworkError) notify({ title: 'Paiement', message: err.body.message, type: 'error' });
    else notify({ ...EXPIRED_CHECKOUT, type: 'info' });
    openPanel('cart');
  }
}

function failed(err: unknown, ctx: PaymentContext) {
  const body = err instanceof ApiError ? err.body : null;
  // No point, or a company point this customer or session may not order to (its address, its
  // code): the selector opening is the answer (a toast would cover its « Valider »), on the point,
  // where its rule is said and its code asked. Once a point is chosen, the panel the checkout
  // started from (the cart) shows again, to be validated.
  if (body?.code === CHECKOUT_ERRORS.deliveryRequired || body?.code === CHECKOUT_ERRORS.deliveryAccess) {
    openPanel('deliverySelector', { returning: true });
    return;
  }
  if (body?.code === 'invalid_discount' || body?.code === CHECKOUT_ERRORS.cartChanged || body?.code === CHECKOUT_ERRORS.soldOut) void ctx.refresh();
  notify({ title: 'Paiement', message: body?.message ?? 'Une erreur est survenue.', type: 'error' });
}

/** Starts the card payment and leaves for the provider's hosted page; the minimum-amount refusal is rethrown to show in place. */
export async function payByCard(): Promise<void> {
  payment.loader = true;
  try {
    const { hosted_payment_url, po_id } = await startCardPayment();
    // Kept before leaving: should the way back never come (the tab closed on the bank's page, the
    // connection lost), the app's next start still asks what the payment came to.
    keepCardPayment(po_id);
    window.location.assign(hosted_payment_url);
  } catch (err) {
    payment.loader = false;
    const message = err instanceof ApiError ? err.body.message : 'Une erreur est survenue.';
    if (err instanceof ApiError && err.body.code === 'amount_too_small') throw err;
    // The cart changed since the recap was made (a cart merged at login, another device): the
    // recap is made again, so it shows the new total before any payment.
    if (err instanceof ApiError && err.body.code === CHECKOUT_ERRORS.cartChanged) {
      payment.preOrder = await validateCart().catch(() => payment.preOrder);
    }
    notify({ title: ERROR_TITLE, message, type: 'error' });
  }
}

/**
 * The return from the hosted card page (docs/product/payments.md), read once on any page. The
 * payment is kept on the device until it is settled (confirmed or refused): a reload, a lost
 * connection or closing the app does not lose it. `resumed`: a kept payment checked again at the
 * app's start, once and quietly (no loader; said only once it is settled).
 */
export async function handleCardReturn(ret: CardReturn, ctx: PaymentContext, clearUrl: () => void, resumed = false) {
  if (ret.status === 'canceled') return cancelledByBuyer(ret.poId, ctx, clearUrl);
  if (ret.poId && ret.status !== 'refused') keepCardPayment(ret.poId);
  if (!isOnline()) {
    // Back from the provider on a dead connection (the page came from the service worker): the
    // loader says the payment is being checked, and the check runs when the network returns. The
    // return parameters stay in the address meanwhile, so a reload does not lose them.
    payment.loader = true;
    await onlineAgain();
    payment.loader = false;
  }
  clearUrl();
  if (ret.status === 'refused') return refused(ret.poId);
  if (!ret.poId) return;
  // A pending payment may take the whole polling (20 s): a notice says it is being confirmed and the
  // page stays usable. A return (or one said successful) is checked once behind the full-screen
  // loader; if the bank has not decided yet, the polling and its notice follow.
  let status = ret.status;
  payment.loader = !resumed && status !== 'pending';
  payment.confirming = !resumed && status === 'pending' ? 'bank' : false;
  const tries = () => (resumed ? 1 : status === 'pending' ? PENDING_POLL.tries : 1);
  let answered = 0;
  let lost = 0;
  try {
    for (;;) {
      try {
        // The first check after the buyer came back tells the server so (a pending payment is mailed about).
        const order = await fetchCardOrder(ret.poId, status === 'returned' && answered === 0);
        forgetCardPayment();
        await completePayment(order, ctx);
        return;
      } catch (err) {
        const pending = err instanceof ApiError && err.body.code === 'payment_pending';
        if (err instanceof ApiError && err.status === 402) return await refused(ret.poId, resumed);
        if (pending && status === 'returned') {
          status = 'pending';
          payment.loader = false;
        }
        if (err instanceof ApiError && err.status === 404) {
          // Not this customer's payment (or unknown): nothing to check any more.
          forgetCardPayment();
          if (ret.status === 'success') console.error('Commande introuvable après le paiement', err);
          return;
        }
        if (err instanceof NetworkError) {
          // No answer (lost, stalled, or no network): the payment is neither confirmed nor refused,
          // so the check goes on until it is, the page usable meanwhile with a notice saying so.
          payment.loader = false;
          if (!resumed) payment.confirming = 'network';
          await onlineAgain();
          await wait(Math.min(NETWORK_RETRY.firstMs * 2 ** lost++, NETWORK_RETRY.maxMs));
          continue;
        }
        if (!pending && ret.status === 'success' && !resumed) {
          console.error('Commande introuvable après le paiement', err);
          return;
        }
        if (++answered >= tries()) break;
        payment.confirming = resumed ? false : 'bank';
        await wait(PENDING_POLL.intervalMs);
      }
    }
    // Still unsettled: kept, checked again at the app's next start.
    if (!resumed) notify({ title: 'Paiment en attente', message: 'Vous allez recevoir une notification dès la réception du paiement.', type: 'info' });
  } finally {
    payment.loader = false;
    payment.confirming = false;
  }
}

/**
 * A refused (or cancelled) card payment: no longer kept, and the Edenred part of a split payment
 * given back (its errors are only logged). Said, unless found at the app's start (`quiet`): that
 * one may have been given up on the bank's page or with "Annuler le paiement", and a refusal by
 * the bank is mailed.
 */
async function refused(poId: string | null, quiet = false, said: { title: string; message: string; type: 'error' | 'info' } = { title: 'Paiement refusé', message: 'Le paiement a été refusé.', type: 'error' }): Promise<void> {
  forgetCardPayment();
  if (!quiet) notify(said);
  if (poId) await refundEdenredForCard(poId).catch((err: unknown) => console.error('Remboursement Edenred impossible', err));
}

/**
 * "Annuler et revenir" on the provider's page: the payment is given up at the provider (the basket
 * unlocks at once, never held as a payment the bank has yet to answer), unless it was paid after
 * all (the server settles it first: the order is then placed and shown).
 */
async function cancelledByBuyer(poId: string | null, ctx: PaymentContext, clearUrl: () => void): Promise<void> {
  clearUrl();
  forgetCardPayment();
  await giveUpCardPayment().catch((err: unknown) => console.error('Abandon du paiement par carte impossible', err));
  if (poId) {
    try {
      return await completePayment(await fetchCardOrder(poId, false), ctx);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 402) console.error('Paiement annulé : vérification impossible', err);
    }
  }
  await refused(poId, false, { title: 'Paiement annulé', message: 'Vous avez annulé le paiement par carte : votre panier est de nouveau modifiable.', type: 'info' });
}

/** The waits between checks of a payment whose answers do not arrive: 1 s, doubling, 15 s at most. */
export const NETWORK_RETRY = { firstMs: 1000, maxMs: 15_000 } as const;

/** Resolves at once online, else when the browser says the network is back. */
function onlineAgain(): Promise<void> {
  return isOnline() ? Promise.resolve() : new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

export { keptCardPayment, readCardReturn, withoutCardReturn } from './payment-rules';
