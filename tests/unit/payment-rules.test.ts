import { describe, expect, it } from 'vitest';
import { deliveryHours, edenredPlan, forgetCardPayment, keepCardPayment, keptCardPayment, purchaseEvent, widgetConfirmed, readCardReturn, removeVoucherRow, vouchersOverLimit, withoutCardReturn } from '../../src/features/payment/payment-rules';
import { CARD_RETURN_PATH, cardAmountTooSmall, lunchVoucherRowSchema, parseVoucherValue, vouchersQuantity, vouchersTotalCents, type ValidatedOrder } from '#shared/api/checkout';

describe('paper vouchers', () => {
  it('counts and totals the rows in cents', () => {
    const rows = [
      { quantity: 2, amount: 9 },
      { quantity: 3, amount: 0 },
    ];
    expect(vouchersQuantity(rows)).toBe(5);
    expect(vouchersTotalCents(rows)).toBe(1800);
    // To the cent, without float drift (9.15 × 100 is 915.0000000000001).
    expect(vouchersTotalCents([{ quantity: 3, amount: 9.15 }, { quantity: 1, amount: 9.25 }])).toBe(3 * 915 + 925);
  });

  it('reads a unit value typed the French way, 0 to 19 € to the cent', () => {
    expect(parseVoucherValue('9,25')).toBe(9.25);
    expect(parseVoucherValue(' 9.5 ')).toBe(9.5);
    expect(parseVoucherValue('9')).toBe(9);
    expect(parseVoucherValue('9,25 €')).toBe(9.25);
    expect(parseVoucherValue('0')).toBe(0);
    expect(parseVoucherValue('19,00')).toBe(19);
    for (const wrong of ['', '19,01', '20', '9,255', '-1', 'neuf', '9,2,5']) expect(parseVoucherValue(wrong), wrong).toBeNull();
  });

  it('the shared row schema takes cents and refuses finer values or beyond 19 €', () => {
    expect(lunchVoucherRowSchema.safeParse({ quantity: 1, amount: 9.25 }).success).toBe(true);
    expect(lunchVoucherRowSchema.safeParse({ quantity: 1, amount: 9.15 }).success).toBe(true);
    expect(lunchVoucherRowSchema.safeParse({ quantity: 1, amount: 9.255 }).success).toBe(false);
    expect(lunchVoucherRowSchema.safeParse({ quantity: 1, amount: 19.01 }).success).toBe(false);
  });

  it('refuses more than 20 tickets in total, not 20', () => {
    expect(vouchersOverLimit([{ quantity: 20, amount: 9 }])).toBe(false);
    expect(vouchersOverLimit([{ quantity: 20, amount: 9 }, { quantity: 1, amount: 9 }])).toBe(true);
  });

  it('always keeps one row', () => {
    expect(removeVoucherRow([{ quantity: 1, amount: 9 }], 0)).toEqual([{ quantity: 1, amount: 9 }]);
    expect(removeVoucherRow([{ quantity: 1, amount: 9 }, { quantity: 2, amount: 8 }], 0)).toEqual([{ quantity: 2, amount: 8 }]);
  });
});

describe('card minimum', () => {
  it('refuses a positive remaining amount up to 0,50 €', () => {
    expect(cardAmountTooSmall(0)).toBe(false);
    expect(cardAmountTooSmall(1)).toBe(true);
    expect(cardAmountTooSmall(50)).toBe(true);
    expect(cardAmountTooSmall(51)).toBe(false);
  });
});

describe('card return parameters', () => {
  it('reads the three statuses and the payment order id', () => {
    expect(readCardReturn('?payment_status=success&po_id=po_123')).toEqual({ status: 'success', poId: 'po_123' });
    expect(readCardReturn('?payment_status=refused')).toEqual({ status: 'refused', poId: null });
    expect(readCardReturn('?payment_status=pending&po_id=po_9')).toEqual({ status: 'pending', poId: 'po_9' });
    // The provider's own way back: the shop's return address, with the po_id it adds.
    expect(readCardReturn(`?${CARD_RETURN_PATH.split('?')[1]}&po_id=po_7`)).toEqual({ status: 'returned', poId: 'po_7' });
  });

  it('ignores unknown statuses and unsafe ids', () => {
    expect(readCardReturn('?payment_status=maybe&po_id=po_1')).toBeNull();
    expect(readCardReturn('')).toBeNull();
    expect(readCardReturn('?payment_status=success&po_id=../x')).toEqual({ status: 'success', poId: null });
  });

  it('removes only its two parameters', () => {
    expect(withoutCardReturn('?payment_status=success&po_id=po_1')).toBe('');
    expect(withoutCardReturn('?a=1&payment_status=success&po_id=po_1')).toBe('?a=1');
  });
});

describe('validated order', () => {
  const order: ValidatedOrder = {
    id: 7,
    invoice_number: 'F2026-000042',
    amount_total: 1890,
    vat_amount: 172,
    delivery_name: 'Place Bellecour',
    delivery_start: '12:00',
    delivery_end: '13:30',
    delivery_private: false,
    products: [
      { id: 1, buyable_type: 'menu', buyable_id: 3, name: 'Formule Popote', unit_price: 1490, quantity: 1, categories: [], order_product_parent_id: null, sub_products: [] },
      { id: 2, buyable_type: 'product', buyable_id: 9, name: 'Taboulé', unit_price: 0, quantity: 1, categories: ['starter'], order_product_parent_id: 1, sub_products: [] },
    ],
  };

  it('builds the GA4 purchase event from the invoice number and the top-level lines', () => {
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: 'F2026-000042',
        value: 18.9,
        tax: 1.72,
        currency: 'EUR',
        items: [{ item_id: '3', item_name: 'Formule Popote', item_category: 'menu', price: 14.9, quantity: 1 }],
      },
    });
  });

  it('shows the delivery hours as hh:mm, a company site’s as "avant" its start, as its slot was chosen', () => {
    expect(deliveryHours(order)).toBe('12\u00a0h\u00a0– 13\u00a0h\u00a030');
    expect(deliveryHours({ delivery_start: '11:45:00', delivery_end: '12:30:00', delivery_private: false })).toBe('11\u00a0h\u00a045\u00a0– 12\u00a0h\u00a030');
    expect(deliveryHours({ delivery_start: '11:30', delivery_end: '12:00', delivery_private: true })).toBe('avant 11\u00a0h\u00a030');
    expect(deliveryHours({ delivery_start: null, delivery_end: null, delivery_private: false })).toBeNull();
  });
});

describe('applying the Edenred balance', () => {
  it('pays everything when the balance covers the rest', () => {
    expect(edenredPlan(4500, 1290)).toEqual({ mode: 'only', amount: 1290 });
    expect(edenredPlan(1290, 1290)).toEqual({ mode: 'only', amount: 1290 });
  });

  it('pays the whole balance when it does not, leaving more than 0,50 € to the card', () => {
    expect(edenredPlan(800, 1290)).toEqual({ mode: 'partly', amount: 800 });
    expect(edenredPlan(1240, 1290)).toEqual({ mode: 'partly', amount: 1239 });
    expect(edenredPlan(1239, 1290)).toEqual({ mode: 'partly', amount: 1239 });
  });

  it('offers nothing without a balance, with nothing left to pay, or when the card could not take the rest', () => {
    expect(edenredPlan(0, 1290)).toBeNull();
    expect(edenredPlan(-5, 1290)).toBeNull();
    expect(edenredPlan(500, 0)).toBeNull();
    expect(edenredPlan(40, 50)).toBeNull();
  });

  it('counts statuses 1 and 2 as a confirmed widget payment', () => {
    expect([0, 1, 2, 3].map(widgetConfirmed)).toEqual([false, true, true, false]);
  });
});

describe('a card payment kept on the device until settled', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('is found again at the next start, then forgotten once settled', () => {
    keepCardPayment('po_abc123', now);
    expect(keptCardPayment(now + 60_000)).toBe('po_abc123');
    forgetCardPayment();
    expect(keptCardPayment(now + 60_000)).toBeNull();
  });
  it('is dropped after a day, and when unreadable', () => {
    keepCardPayment('po_abc123', now);
    expect(keptCardPayment(now + 24 * 60 * 60 * 1000)).toBeNull();
    expect(localStorage.getItem('popote:card-payment')).toBeNull();
    localStorage.setItem('popote:card-payment', '{not json');
    expect(keptCardPayment(now)).toBeNull();
    localStorage.setItem('popote:card-payment', JSON.stringify({ poId: '../../evil', at: now }));
    expect(keptCardPayment(now)).toBeNull();
  });
});
