import { CUTLERY_UNIT_PRICE_CENTS, DEPOSIT_PER_MENU_CENTS, TOTE_BAG_UNIT_PRICE_CENTS } from '#shared/constants';

/** A discount as stored: amount_type 1 is whole percent, otherwise euro cents. */
export interface DiscountRule {
  amountType: number;
  amount: number;
}

export interface PricingInput {
  lines: { unitPrice: number; quantity: number; isMenu: boolean }[];
  cutlery: number;
  toteBags: number;
  depositsReturned: number;
  discount: DiscountRule | null;
}

export interface CartTotals {
  /** Formulas, dishes and bonuses before the discount. */
  items: number;
  formulas: number;
  discount: number;
  depositAddedQuantity: number;
  depositAdded: number;
  depositRemoved: number;
  /** What the order costs before returned deposits: the most they may be worth. */
  orderAmount: number;
  final: number;
}

/** The discount on an items total: a percent rounded to the cent, or euros up to the total. */
export function discountOn(items: number, rule: DiscountRule | null): number {
  if (!rule || items <= 0) return 0;
  if (rule.amountType === 1) return Math.round((items * Math.min(Math.max(rule.amount, 0), 100)) / 100);
  return Math.min(Math.max(rule.amount, 0), items);
}

/**
 * Every amount of a cart, in cents (the server's prices only). A formula brings one deposit
 * container (4 €); returned containers are refunded, never beyond the order amount.
 */
export function priceCart(input: PricingInput): CartTotals {
  let items = input.cutlery * CUTLERY_UNIT_PRICE_CENTS + input.toteBags * TOTE_BAG_UNIT_PRICE_CENTS;
  let formulas = 0;
  for (const line of input.lines) {
    items += line.unitPrice * line.quantity;
    if (line.isMenu) formulas += line.quantity;
  }
  const discount = discountOn(items, input.discount);
  const depositAdded = formulas * DEPOSIT_PER_MENU_CENTS;
  const orderAmount = items - discount + depositAdded;
  const depositRemoved = input.depositsReturned * DEPOSIT_PER_MENU_CENTS;
  return {
    items,
    formulas,
    discount,
    depositAddedQuantity: formulas,
    depositAdded,
    depositRemoved,
    orderAmount,
    final: Math.max(0, orderAmount - depositRemoved),
  };
}

/** The containers a customer may return on an order: those they hold, worth at most the order. */
export function maxReturnableDeposits(orderAmount: number, held: number): number {
  return Math.max(0, Math.min(held, Math.floor(orderAmount / DEPOSIT_PER_MENU_CENTS)));
}
