import { describe, expect, it } from 'vitest';
import { deliveryHours, purchaseEvent, readCardReturn, removeVoucherRow, vouchersOverLimit, withoutCardReturn } from '../../src/features/payment/payment-rules';
import { cardAmountTooSmall, vouchersQuantity, vouchersTotalCents, type ValidatedOrder } from '../../src/shared/api/checkout';

describe('paper vouchers', () => {
  it('counts and totals the rows in cents', () => {
    const rows = [
      { quantity: 2, amount: 9 },
      { quantity: 3, amount: 0 },
    ];
    expect(vouchersQuantity(rows)).toBe(5);
    expect(vouchersTotalCents(rows)).toBe(1800);
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

  it('shows the delivery hours as hh:mm', () => {
    expect(deliveryHours(order)).toBe('de 12:00 à 13:30');
    expect(deliveryHours({ delivery_start: '11:45:00', delivery_end: '12:30:00' })).toBe('de 11:45 à 12:30');
    expect(deliveryHours({ delivery_start: null, delivery_end: null })).toBeNull();
  });
});
