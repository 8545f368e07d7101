import type { orderProducts } from '../db/schema';
import { vatIncluded } from '../lib/vat';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';

/*
 * An order's totals as its invoice states them, in cents, apart from their drawing (invoice.ts):
 * placing an order records the very VAT the invoice shows (checkout.service.ts).
 */

/** What the totals read of an order's line. */
type TotalledLine = Pick<typeof orderProducts.$inferSelect, 'unitPriceCents' | 'quantity' | 'vatRateBp'>;

export interface VatRateTotal {
  rateBp: number;
  /** Tax-exclusive base after the discount's share. */
  baseCents: number;
  vatCents: number;
  /** Tax-inclusive amount after the discount's share. */
  totalCents: number;
}

export interface InvoiceTotals {
  /** Every line at its price, before the discount (TTC). */
  itemsCents: number;
  /** The discount actually applied (never more than the items). */
  discountCents: number;
  /** One entry per VAT rate that carries an amount, lowest rate first. */
  rates: VatRateTotal[];
  baseCents: number;
  vatCents: number;
  /** itemsCents − discountCents: what the VAT rates add up to (TTC, deposit excluded). */
  totalCents: number;
}

/** Splits `amount` across `weights` in proportion, in whole cents summing exactly to `amount`. */
function apportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (amount * w) / sum);
  const shares = raw.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The VAT of an order's lines, per rate. VAT is taken line by line on the tax-inclusive amount
 * (unit price × quantity, after the line's share of the discount) and summed per rate: the way the
 * order's vatCents is computed, so the invoice and the account agree to the cent. A discount is
 * spread over the lines in proportion to their amounts (largest remainders get the odd cents).
 * The deposit is not a line: it is outside the scope of VAT.
 */
export function invoiceTotals(lines: TotalledLine[], discountCents: number): InvoiceTotals {
  const amounts = lines.map((l) => Math.max(0, l.unitPriceCents * l.quantity));
  const itemsCents = amounts.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(discountCents, 0), itemsCents);
  const shares = apportion(discount, amounts);
  const byRate = new Map<number, VatRateTotal>();
  lines.forEach((line, i) => {
    const ttc = amounts[i]! - shares[i]!;
    if (ttc <= 0) return;
    const vat = vatIncluded(ttc, line.vatRateBp);
    const entry = byRate.get(line.vatRateBp) ?? { rateBp: line.vatRateBp, baseCents: 0, vatCents: 0, totalCents: 0 };
    entry.totalCents += ttc;
    entry.vatCents += vat;
    entry.baseCents += ttc - vat;
    byRate.set(line.vatRateBp, entry);
  });
  const rates = [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
  return {
    itemsCents,
    discountCents: discount,
    rates,
    baseCents: rates.reduce((a, r) => a + r.baseCents, 0),
    vatCents: rates.reduce((a, r) => a + r.vatCents, 0),
    totalCents: itemsCents - discount,
  };
}

/** What the deposit lines read of an order: the net, and its two parts when recorded. */
type DepositParts = { depositCents: number; depositChargedCents: number; depositRefundedCents: number };

/**
 * The deposit as the invoice and the confirmation mail state it, outside the VAT base: containers
 * taken (+) and containers given back (−) on lines of their own, each with its count, so +4 € and
 * −8 € never merge into one "−4 €". Their sum is the order's net deposit.
 */
export function depositLines(order: DepositParts): { label: string; cents: number }[] {
  const { depositChargedCents: charged, depositRefundedCents: refunded } = order;
  // An order without its parts recorded (none should remain after migration 0023): its net alone.
  if (charged - refunded !== order.depositCents) {
    return order.depositCents ? [{ label: order.depositCents > 0 ? 'Consigne' : 'Consigne restituée', cents: order.depositCents }] : [];
  }
  const containers = (cents: number) => {
    const count = Math.round(cents / DEPOSIT_PER_MENU_CENTS);
    return `${count} contenant${count > 1 ? 's' : ''}`;
  };
  return [
    ...(charged ? [{ label: `Consigne : ${containers(charged)}`, cents: charged }] : []),
    ...(refunded ? [{ label: `Consigne restituée : ${containers(refunded)}`, cents: -refunded }] : []),
  ];
}

/** An order's line as a refund of items reads it: its own id and its formula's, if it is one's dish. */
type RefundableLine = TotalledLine & Pick<typeof orderProducts.$inferSelect, 'id' | 'parentId'>;

/**
 * What refunding some of an order's items gives back, per VAT rate: each item at what the invoice
 * charged for it (its price less its share of the discount, as invoiceTotals spreads it), a
 * formula with its dishes' extras, `quantities` by the formula's or dish's own line. The VAT stays
 * at the rates of the items refunded, never spread over the others.
 */
export function itemsRefund(lines: RefundableLine[], discountCents: number, quantities: Map<number, number>): { rates: VatRateTotal[]; totalCents: number } {
  const amounts = lines.map((l) => Math.max(0, l.unitPriceCents * l.quantity));
  const shares = apportion(Math.min(Math.max(discountCents, 0), amounts.reduce((a, b) => a + b, 0)), amounts);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const byRate = new Map<number, VatRateTotal>();
  lines.forEach((line, i) => {
    const top = line.parentId === null ? line : byId.get(line.parentId);
    const taken = top ? (quantities.get(top.id) ?? 0) : 0;
    if (!top || taken <= 0 || top.quantity <= 0) return;
    const ttc = Math.round(((amounts[i]! - shares[i]!) * Math.min(taken, top.quantity)) / top.quantity);
    if (ttc <= 0) return;
    const vat = vatIncluded(ttc, line.vatRateBp);
    const entry = byRate.get(line.vatRateBp) ?? { rateBp: line.vatRateBp, baseCents: 0, vatCents: 0, totalCents: 0 };
    entry.totalCents += ttc;
    entry.vatCents += vat;
    entry.baseCents += ttc - vat;
    byRate.set(line.vatRateBp, entry);
  });
  const rates = [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
  return { rates, totalCents: rates.reduce((n, r) => n + r.totalCents, 0) };
}
