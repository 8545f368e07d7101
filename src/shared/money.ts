/** Money is integer cents everywhere; these format it at the edge. */

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const plain = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** '12,90 €' for display. */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** '12,90': the formatted-string fields of the API (final_price, formatted_pool…). */
export function formatAmount(cents: number): string {
  return plain.format(cents / 100);
}
