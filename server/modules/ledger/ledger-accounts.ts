import type { LedgerAccountKind, LedgerFlag, LedgerUnit } from '../../db/schema';

/**
 * The ledger's chart of accounts (docs/architecture.md#money-one-ledger). A customer has a pool
 * (what the shop owes them, never below zero) and the containers they hold (never returned beyond
 * them); each order has an account of its own (what is still owed on it: its balance due); the
 * shop's accounts are where money and containers come from and go to.
 */
export interface AccountSpec {
  code: string;
  unit: LedgerUnit;
  kind: LedgerAccountKind;
  customerId?: number;
  orderId?: number;
  flag?: LedgerFlag;
}

const shop = (name: string, unit: LedgerUnit = 'eur'): AccountSpec => ({ code: `shop:${name}`, unit, kind: 'shop' });

export const SHOP = {
  /** What a database held before the ledger, carried over (migration 0025). */
  opening: shop('opening'),
  /** Meals and goods sold, VAT included, less credit notes. */
  sales: shop('sales'),
  /** The 4 € deposits of containers out with customers. */
  deposits: shop('deposits'),
  card: shop('card'),
  edenred: shop('edenred'),
  /** Paper meal vouchers: declared (pending), then in the shop's hands until remitted. */
  paperVouchers: shop('paper_vouchers'),
  cash: shop('cash'),
  /** What the vouchers' issuers paid for a remittance, and the commission they kept. */
  bank: shop('bank'),
  remittanceFees: shop('remittance_fees'),
  containers: shop('containers', 'containers'),
} as const;

export const poolOf = (customerId: number): AccountSpec => ({ code: `customer:${customerId}:pool`, unit: 'eur', kind: 'pool', customerId, flag: 'debits_must_not_exceed_credits' });
export const containersOf = (customerId: number): AccountSpec => ({
  code: `customer:${customerId}:containers`,
  unit: 'containers',
  kind: 'containers',
  customerId,
  flag: 'credits_must_not_exceed_debits',
});
export const orderAccount = (order: { id: number; customerId: number }): AccountSpec => ({ code: `order:${order.id}`, unit: 'eur', kind: 'order', customerId: order.customerId, orderId: order.id });

/** The means money comes in by (and goes back through), and the account each one is. */
export type Means = 'card' | 'edenred' | 'pool' | 'paper_vouchers' | 'cash';
export const MEANS: readonly Means[] = ['card', 'edenred', 'pool', 'paper_vouchers', 'cash'];

export function meansAccount(means: Means, customerId: number): AccountSpec {
  if (means === 'pool') return poolOf(customerId);
  return { card: SHOP.card, edenred: SHOP.edenred, paper_vouchers: SHOP.paperVouchers, cash: SHOP.cash }[means];
}

/** The means an account is, read back from its code (null: not a means). */
export function meansOfCode(code: string): Means | null {
  if (code.endsWith(':pool')) return 'pool';
  const found = MEANS.find((m) => m !== 'pool' && meansAccount(m, 0).code === code);
  return found ?? null;
}
