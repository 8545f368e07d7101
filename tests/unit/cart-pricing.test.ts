import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { discountOn, maxReturnableDeposits, priceCart, type PricingInput } from '../../server/modules/cart/cart-pricing';
import { checkComposition } from '../../server/modules/cart/cart-composition';
import type { CatalogProduct, FormattedMenu, Menu } from '#shared/api/catalog';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';

const PERCENT = 1;
const EUROS = 2;

/** A cart with nothing in it but what the test gives. */
const input = (values: Partial<PricingInput>): PricingInput => ({
  lines: [],
  cutlery: 0,
  toteBags: 0,
  depositsReturned: 0,
  discount: null,
  ...values,
});
const formula = (unitPrice: number, quantity = 1) => ({ unitPrice, quantity, isMenu: true });
const dish = (unitPrice: number, quantity = 1) => ({ unitPrice, quantity, isMenu: false });

describe('discountOn', () => {
  it('is nothing without a discount or on an empty total', () => {
    expect(discountOn(1490, null)).toBe(0);
    expect(discountOn(0, { amountType: PERCENT, amount: 10 })).toBe(0);
    expect(discountOn(0, { amountType: EUROS, amount: 300 })).toBe(0);
    expect(discountOn(-50, { amountType: EUROS, amount: 300 })).toBe(0);
  });

  it('takes a whole percent of the total, rounded to the nearest cent', () => {
    expect(discountOn(1740, { amountType: PERCENT, amount: 10 })).toBe(174);
    // 15 % of 12,90 € is 1,935 €: 1,94 €.
    expect(discountOn(1290, { amountType: PERCENT, amount: 15 })).toBe(194);
    // 10 % of 12,35 € is 1,235 €: half a cent rounds up.
    expect(discountOn(1235, { amountType: PERCENT, amount: 10 })).toBe(124);
    // 33 % of 10,01 € is 3,3033 €: rounds down.
    expect(discountOn(1001, { amountType: PERCENT, amount: 33 })).toBe(330);
    expect(discountOn(1, { amountType: PERCENT, amount: 49 })).toBe(0);
    expect(discountOn(1, { amountType: PERCENT, amount: 50 })).toBe(1);
  });

  it('keeps a percent between 0 and 100', () => {
    expect(discountOn(1490, { amountType: PERCENT, amount: 100 })).toBe(1490);
    expect(discountOn(1490, { amountType: PERCENT, amount: 150 })).toBe(1490);
    expect(discountOn(1490, { amountType: PERCENT, amount: -10 })).toBe(0);
  });

  it('takes euro cents off, never more than the total', () => {
    expect(discountOn(1490, { amountType: EUROS, amount: 300 })).toBe(300);
    expect(discountOn(300, { amountType: EUROS, amount: 300 })).toBe(300);
    expect(discountOn(200, { amountType: EUROS, amount: 300 })).toBe(200);
    expect(discountOn(1490, { amountType: EUROS, amount: -300 })).toBe(0);
    // Any type but 1 is euros (amount_type 2 in the seeds).
    expect(discountOn(1490, { amountType: 3, amount: 10 })).toBe(10);
  });
});

describe('priceCart', () => {
  it('prices an empty cart at zero', () => {
    expect(priceCart(input({}))).toEqual({
      items: 0,
      formulas: 0,
      discount: 0,
      depositAddedQuantity: 0,
      depositAdded: 0,
      depositRemoved: 0,
      orderAmount: 0,
      final: 0,
    });
  });

  it('adds formulas and dishes by quantity, and one 4 € deposit per formula', () => {
    // A formula with extras (14,90 € + 1,50 €) twice, a dish (4,90 €) three times.
    const totals = priceCart(input({ lines: [formula(1640, 2), dish(490, 3)] }));
    expect(totals).toEqual({
      items: 3280 + 1470,
      formulas: 2,
      discount: 0,
      depositAddedQuantity: 2,
      depositAdded: 800,
      depositRemoved: 0,
      orderAmount: 4750 + 800,
      final: 5550,
    });
    expect(DEPOSIT_PER_MENU_CENTS).toBe(400);
  });

  it('brings no deposit with dishes alone', () => {
    const totals = priceCart(input({ lines: [dish(490), dish(200, 2)] }));
    expect(totals).toMatchObject({ items: 890, formulas: 0, depositAdded: 0, orderAmount: 890, final: 890 });
  });

  it('applies the discount to the items only, never to the deposits', () => {
    const percent = priceCart(input({ lines: [formula(1740)], discount: { amountType: PERCENT, amount: 10 } }));
    expect(percent).toMatchObject({ items: 1740, discount: 174, depositAdded: 400, orderAmount: 1966, final: 1966 });
    const euros = priceCart(input({ lines: [formula(1490)], discount: { amountType: EUROS, amount: 5000 } }));
    expect(euros).toMatchObject({ items: 1490, discount: 1490, depositAdded: 400, orderAmount: 400, final: 400 });
  });

  it('refunds returned deposits (4 € each) on top of everything else', () => {
    const totals = priceCart(input({ lines: [formula(1490), dish(490)], depositsReturned: 2, discount: { amountType: EUROS, amount: 300 } }));
    expect(totals).toEqual({
      items: 1980,
      formulas: 1,
      discount: 300,
      depositAddedQuantity: 1,
      depositAdded: 400,
      depositRemoved: 800,
      orderAmount: 1980 - 300 + 400,
      final: 1980 - 300 + 400 - 800,
    });
  });

  it('never answers a negative final amount', () => {
    const totals = priceCart(input({ lines: [dish(100)], depositsReturned: 2 }));
    expect(totals).toMatchObject({ orderAmount: 100, depositRemoved: 800, final: 0 });
  });

  it('counts cutlery and tote bags at their (free) unit price, without a deposit', () => {
    const totals = priceCart(input({ lines: [formula(1490)], cutlery: 1, toteBags: 1 }));
    expect(totals).toMatchObject({ items: 1490, formulas: 1, depositAdded: 400, final: 1890 });
  });
});

describe('maxReturnableDeposits', () => {
  it('allows the containers held, worth at most the order amount', () => {
    expect(maxReturnableDeposits(1890, 2)).toBe(2);
    expect(maxReturnableDeposits(490, 2)).toBe(1);
    expect(maxReturnableDeposits(800, 5)).toBe(2);
    expect(maxReturnableDeposits(799, 5)).toBe(1);
    expect(maxReturnableDeposits(399, 5)).toBe(0);
  });

  it('allows nothing without containers or without an order', () => {
    expect(maxReturnableDeposits(5000, 0)).toBe(0);
    expect(maxReturnableDeposits(0, 2)).toBe(0);
    expect(maxReturnableDeposits(-400, 2)).toBe(0);
    expect(maxReturnableDeposits(1000, -1)).toBe(0);
  });
});

describe('checkComposition', () => {
  const product = (id: number, extraPrice = 0): CatalogProduct => ({
    id,
    slug: `plat-${id}`,
    name: `Plat ${id}`,
    short_description: '',
    price: 500,
    extra_price: extraPrice,
    cover_url: null,
    cover: null,
    allergens: [],
    tags: [],
    category: 'main',
    sold_out: false,
  });
  const menu: Menu = {
    id: 1,
    slug: 'formule',
    name: 'Formule',
    description: '',
    price: 1290,
    categories: [
      { id: 10, name: 'Entrée', type: 1, required: true, products: [product(1), product(2)] },
      { id: 11, name: 'Plat', type: 2, required: true, products: [product(3), product(4)] },
      { id: 12, name: 'Les petits plus', type: 4, required: false, products: [product(5, 150), product(6, 250), product(7, 250)] },
    ],
  };
  const formatted = (sub: Record<string, number>, extras: Record<string, number[]> = {}): FormattedMenu => ({
    id: 1,
    sub_products: sub,
    additional_products: extras,
  });

  function refusal(run: () => unknown): AppError {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('the composition was accepted');
  }

  function expectInvalid(value: FormattedMenu, message: string) {
    const error = refusal(() => checkComposition(menu, value));
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('invalid_menu');
    expect(error.message).toBe(message);
    expect(error.errors).toEqual({ menu: [message] });
  }

  it('answers the canonical composition: one dish per required category, extras sorted', () => {
    expect(checkComposition(menu, formatted({ '11': 4, '10': 1 }, { '12': [7, 5] }))).toEqual({
      sub_products: { '10': 1, '11': 4 },
      additional_products: { '12': [5, 7] },
    });
  });

  it('drops an empty extras list and does not change its input', () => {
    const value = formatted({ '10': 2, '11': 3 }, { '12': [] });
    expect(checkComposition(menu, value)).toEqual({ sub_products: { '10': 2, '11': 3 }, additional_products: {} });
    const extras = formatted({ '10': 2, '11': 3 }, { '12': [6, 5] });
    checkComposition(menu, extras);
    expect(extras.additional_products['12']).toEqual([6, 5]);
  });

  it('refuses a missing required category', () => {
    expectInvalid(formatted({ '10': 1 }), 'Choisissez encore : Plat.');
    expectInvalid(formatted({}), 'Choisissez encore : Entrée.');
  });

  it('refuses a dish the category does not offer', () => {
    expectInvalid(formatted({ '10': 3, '11': 4 }), 'Ce choix n’est pas proposé pour « Entrée ».');
    expectInvalid(formatted({ '10': 1, '11': 99 }), 'Ce choix n’est pas proposé pour « Plat ».');
  });

  it('refuses a choice in an unknown or extras category', () => {
    const message = 'Cette formule ne se compose pas ainsi : un choix ne correspond à aucune de ses catégories.';
    expectInvalid(formatted({ '10': 1, '11': 3, '99': 1 }), message);
    expectInvalid(formatted({ '10': 1, '11': 3, '12': 5 }), message);
  });

  it('refuses extras in a required or unknown category', () => {
    const message = 'Ces petits plus ne font pas partie de cette formule.';
    expectInvalid(formatted({ '10': 1, '11': 3 }, { '10': [2] }), message);
    expectInvalid(formatted({ '10': 1, '11': 3 }, { '99': [5] }), message);
  });

  it('refuses the same extra twice and an extra the category does not offer', () => {
    expectInvalid(formatted({ '10': 1, '11': 3 }, { '12': [5, 6, 5] }), 'Chaque petit plus ne peut être choisi qu’une fois.');
    expectInvalid(formatted({ '10': 1, '11': 3 }, { '12': [5, 1] }), 'Ce petit plus n’est pas proposé dans « Les petits plus ».');
  });
});
