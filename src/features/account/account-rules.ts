import type { Order, SponsorCode } from '../../shared/api/auth';
import { formatEuros, wholeEuros } from '../../shared/money';

/** An order's delivery day ('dd/mm/yyyy' in the API) as 'YYYY-MM-DD', or null when it has none. */
export function orderDeliveryDate(order: Pick<Order, 'delivery_day'>): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(order.delivery_day ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** A sponsor code's value: '10 %' or '5 €' (no decimals when whole), '2,50 €'. */
export function formatSponsorAmount(code: Pick<SponsorCode, 'amount' | 'amount_type'>): string {
  if (code.amount_type === 1) return `${code.amount} %`;
  return code.amount % 100 === 0 ? wholeEuros(code.amount / 100) : formatEuros(code.amount);
}

/** One page of a list (5 per page in the account). */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(page, 1), pages);
  return { items: items.slice((current - 1) * size, current * size), pages };
}
