import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../src/lib/api-client';
import { snackbars } from '../../src/lib/snackbar-store';
import { popins } from '../../src/lib/popins-store';
import type { ValidatedOrder } from '#shared/api/checkout';

const fetchCardOrder = vi.fn<(poId: string, back?: boolean) => Promise<ValidatedOrder>>();
const refundEdenredForCard = vi.fn<(poId: string) => Promise<{ refunded: boolean }>>();
vi.mock('../../src/features/payment/api/payment-calls', () => ({
  fetchCardOrder: (poId: string, back?: boolean) => fetchCardOrder(poId, back),
  refundEdenredForCard: (poId: string) => refundEdenredForCard(poId),
}));

const { handleCardReturn, NETWORK_RETRY, PENDING_POLL } = await import('../../src/features/payment/payment-flow');
const { payment } = await import('../../src/features/payment/payment-store');

const order: ValidatedOrder = {
  id: 1,
  invoice_number: 'F2026-000001',
  amount_total: 550,
  vat_amount: 50,
  delivery_name: 'Place Bellecour',
  delivery_start: '12:00',
  delivery_end: '13:00',
  delivery_private: false,
  products: [],
};
const pending = () => new ApiError(409, { message: 'Le paiement est en cours de validation.', code: 'payment_pending' });

describe('return from the card page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fetchCardOrder.mockReset();
    refundEdenredForCard.mockReset().mockResolvedValue({ refunded: false });
    snackbars.queue.splice(0);
    popins.validated_order = false;
    window.dataLayer = [];
  });
  afterEach(() => vi.useRealTimers());

  it('polls a pending payment every 2 s, 10 times at most, then says it is pending', async () => {
    fetchCardOrder.mockRejectedValue(pending());
    const clear = vi.fn();
    const done = handleCardReturn({ status: 'pending', poId: 'po_1' }, { refresh: vi.fn() }, clear);
    expect(clear).toHaveBeenCalledOnce();
    // Not the full-screen loader: a notice, the page usable.
    expect(payment.loader).toBe(false);
    expect(payment.confirming).toBe('bank');
    await vi.advanceTimersByTimeAsync(PENDING_POLL.intervalMs * PENDING_POLL.tries);
    await done;
    expect(fetchCardOrder).toHaveBeenCalledTimes(10);
    expect(payment.loader).toBe(false);
    expect(payment.confirming).toBe(false);
    expect(snackbars.queue.map((s) => [s.title, s.message])).toEqual([['Paiment en attente', 'Vous allez recevoir une notification dès la réception du paiement.']]);
    expect(popins.validated_order).toBe(false);
  });

  it('opens the pop-in, refreshes the state and sends the purchase event once the payment is confirmed', async () => {
    fetchCardOrder.mockRejectedValueOnce(pending()).mockResolvedValueOnce(order);
    const refresh = vi.fn();
    const done = handleCardReturn({ status: 'pending', poId: 'po_1' }, { refresh }, () => {});
    await vi.advanceTimersByTimeAsync(PENDING_POLL.intervalMs);
    await done;
    expect(fetchCardOrder).toHaveBeenCalledTimes(2);
    expect(popins.validated_order).toBe(true);
    expect(payment.order).toEqual(order);
    expect(refresh).toHaveBeenCalled();
    expect(window.dataLayer).toHaveLength(1);
    expect(payment.loader).toBe(false);
  });

  it('a successful return whose checks get no answer goes on checking, a notice saying so, until the order comes', async () => {
    fetchCardOrder.mockRejectedValueOnce(new NetworkError()).mockRejectedValueOnce(new NetworkError()).mockRejectedValueOnce(new NetworkError()).mockResolvedValueOnce(order);
    const done = handleCardReturn({ status: 'success', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    // Behind the full-screen loader at first; once an answer is lost, the page is usable again.
    expect(payment.loader).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(payment.loader).toBe(false);
    expect(payment.confirming).toBe('network');
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY.firstMs * (1 + 2 + 4));
    await done;
    expect(fetchCardOrder).toHaveBeenCalledTimes(4);
    expect(popins.validated_order).toBe(true);
    expect(payment.confirming).toBe(false);
    expect(snackbars.queue).toEqual([]);
  });

  it('lost answers do not count as checks of a pending payment: the ten checks are ten answers', async () => {
    fetchCardOrder.mockRejectedValueOnce(new NetworkError()).mockRejectedValue(pending());
    const done = handleCardReturn({ status: 'pending', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY.firstMs + PENDING_POLL.intervalMs * PENDING_POLL.tries);
    await done;
    expect(fetchCardOrder).toHaveBeenCalledTimes(11);
    expect(snackbars.queue.map((s) => s.title)).toEqual(['Paiment en attente']);
  });

  it('a refused payment says so and gives an Edenred part back, whose failure is only logged', async () => {
    refundEdenredForCard.mockRejectedValueOnce(new ApiError(502, { message: 'Edenred ne répond pas.' }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await handleCardReturn({ status: 'refused', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    expect(fetchCardOrder).not.toHaveBeenCalled();
    expect(refundEdenredForCard).toHaveBeenCalledWith('po_1');
    expect(logged).toHaveBeenCalled();
    expect(snackbars.queue.map((s) => [s.title, s.message])).toEqual([['Paiement refusé', 'Le paiement a été refusé.']]);
    logged.mockRestore();
  });

  it('back from the bank’s page (which says nothing itself): one check behind the loader, telling the server the buyer is back', async () => {
    fetchCardOrder.mockResolvedValueOnce(order);
    const done = handleCardReturn({ status: 'returned', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    expect(payment.loader).toBe(true);
    expect(payment.confirming).toBe(false);
    await done;
    expect(fetchCardOrder.mock.calls).toEqual([['po_1', true]]);
    expect(popins.validated_order).toBe(true);
  });

  it('back, and the bank has not decided: the loader gives way to the notice and the polling, the buyer said back once', async () => {
    fetchCardOrder.mockRejectedValueOnce(pending()).mockRejectedValueOnce(pending()).mockResolvedValueOnce(order);
    const done = handleCardReturn({ status: 'returned', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(payment.loader).toBe(false);
    expect(payment.confirming).toBe('bank');
    await vi.advanceTimersByTimeAsync(PENDING_POLL.intervalMs * 2);
    await done;
    expect(fetchCardOrder.mock.calls).toEqual([
      ['po_1', true],
      ['po_1', false],
      ['po_1', false],
    ]);
    expect(popins.validated_order).toBe(true);
    expect(snackbars.queue).toEqual([]);
  });

  it('back from a payment refused or cancelled: said, and an Edenred part given back', async () => {
    fetchCardOrder.mockRejectedValueOnce(new ApiError(402, { message: 'Le paiement a été refusé.', code: 'payment_refused' }));
    await handleCardReturn({ status: 'returned', poId: 'po_1' }, { refresh: vi.fn() }, () => {});
    expect(snackbars.queue.map((s) => s.title)).toEqual(['Paiement refusé']);
    expect(refundEdenredForCard).toHaveBeenCalledWith('po_1');
    expect(payment.loader).toBe(false);
  });

  it('a kept payment found refused at the app’s start is forgotten quietly (it may have been given up), its Edenred part given back', async () => {
    localStorage.setItem('popote:card-payment', JSON.stringify({ poId: 'po_1', at: Date.now() }));
    fetchCardOrder.mockRejectedValueOnce(new ApiError(402, { message: 'Le paiement a été refusé.', code: 'payment_refused' }));
    await handleCardReturn({ status: 'pending', poId: 'po_1' }, { refresh: vi.fn() }, () => {}, true);
    expect(snackbars.queue).toEqual([]);
    expect(refundEdenredForCard).toHaveBeenCalledWith('po_1');
    expect(localStorage.getItem('popote:card-payment')).toBeNull();
  });
});
