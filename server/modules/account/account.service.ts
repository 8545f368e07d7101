import { isConnected } from '../edenred/edenred.service';
import type { Order, User } from '#shared/api/auth';
import type { Db } from '../../db/client';
import type { orderProducts, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { currentSponsorRule } from '../state/state.service';
import { customerById, ordersOf, pendingVoucherCredit, poolHistoryOf } from './account.repo';

/** 1 paid, 2 delivered (both read as placed orders); others say their own text. */
export const ORDER_STATUS_TEXT: Record<number, string> = {
  1: 'Commande payée',
  2: 'Commande livrée',
  3: 'Commande annulée',
  4: 'Commande remboursée',
};

export const POOL_TYPE_LABEL: Record<string, string> = {
  lunch_vouchers: 'Titres-restaurant papier',
  order_payment: 'Paiement de commande',
  refund: 'Remboursement',
  sponsorship: 'Parrainage',
};

type OrderRow = typeof orders.$inferSelect;

/** An order settled by paper vouchers the staff has not yet received says so. */
export const VOUCHERS_STATUS_TEXT = 'À régler en titres-restaurant papier à la livraison';
const awaitingVouchers = (order: OrderRow) => order.status === 1 && order.paperVouchersCents > 0 && !order.paperVouchersConfirmedAt;
type LineRow = typeof orderProducts.$inferSelect;

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function toOrder(order: OrderRow, lines: LineRow[]): Order {
  const children = (id: number) => lines.filter((l) => l.parentId === id);
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    invoice_number: order.invoiceNumber,
    amount_total: order.amountTotalCents,
    vat_amount: order.vatCents,
    current_status: order.status,
    current_status_text: awaitingVouchers(order) ? VOUCHERS_STATUS_TEXT : (ORDER_STATUS_TEXT[order.status] ?? 'Commande'),
    delivery_day: order.deliveryDate ? ddmmyyyy(order.deliveryDate) : null,
    delivery_end: order.deliveryEnd ? order.deliveryEnd.slice(0, 5) : null,
    delivery_name: order.deliveryName,
    products: lines
      .filter((l) => l.parentId === null)
      .map((l) => ({
        id: l.id,
        buyable_type: l.buyableType,
        buyable_id: l.buyableId,
        name: l.name,
        unit_price: l.unitPriceCents,
        quantity: l.quantity,
        categories: l.categoryName ? [l.categoryName] : [],
        order_product_parent_id: l.parentId,
        sub_products: children(l.id).map((c) => ({ id: c.id, name: c.name, category: c.categoryName, unit_price: c.unitPriceCents })),
      })),
  };
}

/** The logged-in customer as GET /api/me answers it (docs/product/accounts.md). */
export async function me(db: Db, customerId: number): Promise<User> {
  const [customer, orderRows, history, rule, edenredLinked, poolPending] = await Promise.all([
    customerById(db, customerId),
    ordersOf(db, customerId),
    poolHistoryOf(db, customerId),
    currentSponsorRule(db),
    isConnected(db, customerId),
    pendingVoucherCredit(db, customerId),
  ]);
  if (!customer) throw new AppError(401, 'unauthenticated', 'Vous devez être connecté.');
  return {
    id: customer.id,
    firstname: customer.firstname,
    lastname: customer.lastname,
    company_name: customer.companyName,
    email: customer.email,
    phone: customer.phone,
    orders: orderRows.map(({ order, lines }) => toOrder(order, lines)),
    pool: customer.poolCents,
    poolPending,
    poolHistories: history.map((h) => ({ created_at: h.createdAt.toISOString(), type_label: POOL_TYPE_LABEL[h.type] ?? h.type, amount: h.amountCents })),
    deposits: customer.deposits,
    sponsorCodes: [{ code: customer.sponsorCode, amount: rule.amount, amount_type: rule.amountType }],
    isConnectedToEdenred: edenredLinked,
  };
}
