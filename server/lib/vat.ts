/** VAT included in a tax-inclusive amount (cents) at a rate in basis points (1000 = 10 %). */
export function vatIncluded(amountCents: number, rateBp: number): number {
  return Math.round((amountCents * rateBp) / (10_000 + rateBp));
}
