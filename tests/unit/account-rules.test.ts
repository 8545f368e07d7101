import { describe, expect, it } from 'vitest';
import { formatSponsorAmount, orderDeliveryDate, pageOf } from '../../src/features/account/account-rules';
import { errorBoxTitle } from '../../src/features/account/form-errors';
import { registerBodySchema } from '#shared/api/auth';
import { PHONE_PATTERN } from '#shared/api/fields';

describe('order delivery day', () => {
  it('reads the delivery day the API writes dd/mm/yyyy', () => {
    expect(orderDeliveryDate({ delivery_day: '01/12/2026' })).toBe('2026-12-01');
    expect(orderDeliveryDate({ delivery_day: null })).toBeNull();
    expect(orderDeliveryDate({ delivery_day: '2026-12-01' })).toBeNull();
  });
});

describe('sponsor amount', () => {
  it('reads percent or euros, without decimals when whole', () => {
    expect(formatSponsorAmount({ amount: 10, amount_type: 1 })).toBe('10 %');
    expect(formatSponsorAmount({ amount: 500, amount_type: 2 })).toBe('5\u00a0€');
    expect(formatSponsorAmount({ amount: 250, amount_type: 2 })).toMatch(/^2,50\s€$/);
  });
});

describe('French phone pattern', () => {
  it('accepts 0, +33 or 0033 then 9 digits', () => {
    for (const phone of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '+33612345678', '0033612345678', '04-78-00-00-00']) expect(PHONE_PATTERN.test(phone), phone).toBe(true);
  });
  it('refuses other numbers', () => {
    for (const phone of ['612345678', '061234567', '06123456789', '+44612345678', '0012345678', '0612a45678', '']) expect(PHONE_PATTERN.test(phone), phone).toBe(false);
  });
});

describe('signup form rules', () => {
  const valid = { firstname: 'Léa', lastname: 'Durand', phone: '0612345678', email: 'lea@example.fr', password: 'secret-123', password_confirmation: 'secret-123', cgv: true };
  it('needs the terms ticked and both passwords equal', () => {
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...valid, cgv: false }).success).toBe(false);
    const mismatch = registerBodySchema.safeParse({ ...valid, password_confirmation: 'secret-124' });
    expect(mismatch.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });
  it('titles its error box in the singular or the plural', () => {
    expect(errorBoxTitle(1)).toBe('Il ne reste que ce point à corriger pour valider votre inscription');
    expect(errorBoxTitle(3)).toBe('Il ne reste que ces quelques points à corriger pour valider votre inscription');
  });
});

describe('pages of 5', () => {
  it('slices and clamps', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(items, 1, 5)).toEqual({ items: [0, 1, 2, 3, 4], pages: 3 });
    expect(pageOf(items, 3, 5).items).toEqual([10, 11]);
    expect(pageOf(items, 9, 5).items).toEqual([10, 11]);
    expect(pageOf([], 1, 5)).toEqual({ items: [], pages: 1 });
  });
});
