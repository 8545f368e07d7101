import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/snackbar-store';
import type { PreOrder } from '../../shared/api/checkout';
import { EDENRED_ERRORS, EDENRED_LOGIN_CHANNEL, EDENRED_MESSAGES, edenredLoginMessageSchema } from '../../shared/api/edenred';
import {
  edenredBalance,
  edenredLogout,
  edenredOauthUrl,
  edenredOrderDetails,
  payEdenredOnly,
  payEdenredPartly,
  registerEdenredWidget,
  removeEdenredPayment,
} from './api/payment-calls';
import { wait } from '../../lib/wait';
import { completePayment, type PaymentContext } from './payment-flow';
import { closePanel } from '../../lib/panel-history';
import { WIDGET_POLL, widgetConfirmed, type EdenredPlan } from './payment-rules';
import { payment, showRecap } from './payment-store';

/** The provider's login popup (docs/product/payments.md). */
const POPUP_FEATURES = 'popup,width=800,height=800';


/** Fetches the linked account's balance into the store (0 when unknown). */
export async function refreshEdenredBalance(): Promise<void> {
  try {
    const answer = await edenredBalance();
    payment.edenredBalance = answer.balance;
    payment.edenredUsable = answer.usable ?? answer.balance;
  } catch (err) {
    console.error('Solde Edenred indisponible', err);
    payment.edenredBalance = 0;
    payment.edenredUsable = 0;
  }
}

/**
 * Connect: the 800×800 popup on the provider's login; the callback page answers
 * through postMessage, or a BroadcastChannel when the provider's pages cut the opener link.
 * The popup opens at once, on the click, so that popup blockers let it through; the URL follows.
 */
export function connectEdenred(ctx: PaymentContext): void {
  const popup = window.open('', 'edenred-login', POPUP_FEATURES);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EDENRED_LOGIN_CHANNEL);
  let done = false;
  const finish = () => {
    done = true;
    window.removeEventListener('message', onWindowMessage);
    channel?.close();
  };
  const handle = (data: unknown) => {
    const message = edenredLoginMessageSchema.safeParse(data);
    if (done || !message.success) return;
    finish();
    if (message.data.status === 'success') {
      void Promise.resolve(ctx.refresh()).then(refreshEdenredBalance);
    } else {
      notify({ title: EDENRED_MESSAGES.connectTitle, message: EDENRED_MESSAGES.connect, type: 'error' });
    }
  };
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) handle(event.data);
  };
  window.addEventListener('message', onWindowMessage);
  if (channel) channel.onmessage = (event) => handle(event.data);

  edenredOauthUrl().then(
    ({ url }) => {
      if (popup && !popup.closed) popup.location.href = url;
      else window.open(url, 'edenred-login', POPUP_FEATURES);
    },
    (err: unknown) => {
      popup?.close();
      finish();
      console.error('Lien de connexion Edenred indisponible', err);
      notify({ title: EDENRED_MESSAGES.connectTitle, message: EDENRED_MESSAGES.connect, type: 'error' });
    },
  );
}

/** The daily cap and a short balance say why, in the server's words; any other failure asks for a refresh. */
function paymentFailed(err: unknown, ctx: PaymentContext, preOrder?: PreOrder) {
  const code = err instanceof ApiError ? err.body.code : undefined;
  if (err instanceof ApiError && (code === EDENRED_ERRORS.limitExceeded || code === EDENRED_ERRORS.insufficientFunds)) {
    const message = err.body.message || EDENRED_MESSAGES.limit;
    notify({ title: EDENRED_MESSAGES.limitTitle, message, type: 'error' });
    if (preOrder) payment.edenredRefusal = { preOrderId: preOrder.id, message };
    void refreshEdenredBalance();
    return;
  }
  void ctx.refresh();
  notify({ title: EDENRED_MESSAGES.failedTitle, message: EDENRED_MESSAGES.longSession, type: 'error' });
}

/**
 * Applies the plan the block offered, as offered: the whole rest ('only', and the order is placed)
 * or part of it ('partly'). The plan is made from what Edenred may take today, the daily cap
 * counted, never from the bare balance.
 */
export async function applyEdenredBalance(preOrder: PreOrder, plan: NonNullable<EdenredPlan>, ctx: PaymentContext): Promise<void> {
  if (preOrder.edenredPayment) return;
  try {
    if (plan.mode === 'only') {
      await completePayment(await payEdenredOnly(plan.amount), ctx);
    } else {
      payment.preOrder = (await payEdenredPartly(plan.amount)).pre_order;
      await refreshEdenredBalance();
    }
  } catch (err) {
    paymentFailed(err, ctx, preOrder);
  }
}

/** 'Enlever': the payment is given back and the pre-order returns with its rest restored. Errors are only logged. */
export async function removeEdenred(preOrder: PreOrder): Promise<void> {
  const applied = preOrder.edenredPayment;
  if (!applied) return;
  try {
    payment.preOrder = await removeEdenredPayment(applied.authorization_id, applied.unit_amount);
    await refreshEdenredBalance();
  } catch (err) {
    console.error('Remboursement Edenred impossible', err);
  }
}

export async function logoutEdenred(ctx: PaymentContext): Promise<void> {
  try {
    await edenredLogout();
    payment.edenredBalance = null;
    payment.edenredUsable = null;
    notify({ title: EDENRED_MESSAGES.logoutTitle, message: EDENRED_MESSAGES.logout, type: 'success' });
    await ctx.refresh();
  } catch (err) {
    const message = err instanceof ApiError ? err.body.message : 'Une erreur est survenue.';
    notify({ title: 'Edenred', message, type: 'error' });
  }
}

/**
 * The widget authorized (docs/product/payments.md): the payment is registered,
 * then its order polled every 5 s, 5 times at most, until it is placed.
 */
export async function widgetAuthorized(payload: string, ctx: PaymentContext): Promise<void> {
  payment.loader = true;
  let id: number;
  try {
    id = (await registerEdenredWidget(payload)).data.id;
  } catch (err) {
    console.error('Enregistrement du paiement Edenred impossible', err);
    payment.loader = false;
    notify({ title: EDENRED_MESSAGES.failedTitle, message: EDENRED_MESSAGES.longSession, type: 'error' });
    return;
  }
  for (let attempt = 0; attempt < WIDGET_POLL.tries; attempt++) {
    if (attempt > 0) await wait(WIDGET_POLL.intervalMs);
    try {
      const details = await edenredOrderDetails(id);
      if (widgetConfirmed(details.order.current_status) && details.validated_order) {
        await completePayment(details.validated_order, ctx);
        return;
      }
      if (details.order.error_text) {
        payment.loader = false;
        widgetFailed(details.order.error_text, ctx);
        return;
      }
    } catch (err) {
      console.error('Suivi du paiement Edenred', err);
    }
  }
  void ctx.refresh();
  showRecap();
  payment.loader = false;
  notify({ title: EDENRED_MESSAGES.pendingTitle, message: EDENRED_MESSAGES.pending, type: 'info' });
}

/** The provider refused: its own words, then the state refreshed and the modals closed. */
export function widgetFailed(errorText: string, ctx: PaymentContext): void {
  notify({ title: EDENRED_MESSAGES.failedTitle, message: errorText, type: 'error' });
  void ctx.refresh();
  closePanel();
}
