import { isConnected } from '../edenred/edenred.service';
import type { Order, User } from '#shared/api/auth';
import type { Db } from '../../db/client';
import type { orderProducts, orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
import { AppError } from '../../lib/errors';
import { currentSponsorRule } from '../state/state.service';
import { customerById, ordersOf, pendingVoucherCredit, poolHistoryOf } from './account.repo';

/**
 * What a customer reads of an order, from where it stands (its state, docs/product/team.md):
 * "Livré" is what the courier said, never guessed from the clock; until then it is being
 * delivered, whatever the hour.
 */
export const ORDER_STATE_TEXT: Record<OrderRow['state'], string> = {
  placed: 'En cours de livraison',
  prepared: 'En cours de livraison',
  out: 'En cours de livraison',
  delivered: 'Livré',
  absent: 'Absent à la livraison',
  cancelled: 'Commande annulée',
  refunded: 'Commande remboursée',
};
/** The API's number for it: 1 to deliver, 2 delivered, 3 cancelled, 4 refunded. */
const STATUS_OF_STATE: Record<OrderRow['state'], number> = { placed: 1, prepared: 1, out: 1, absent: 1, delivered: 2, cancelled: 3, refunded: 4 };

export const POOL_TYPE_LABEL: Record<string, string> = {
  lunch_vouchers: 'Titres-restaurant papier',
  order_payment: 'Paiement de commande',
  refund: 'Remboursement',
  sponsorship: 'Parrainage',
  deposits_returned: 'Contenants consignés rendus',
};


/** An order settled by paper vouchers the staff has not yet received says so. */
export const VOUCHERS_STATUS_TEXT = 'À régler en titres-restaurant papier à la livraison';
const awaitingVouchers = (order: OrderRow) => order.state === 'placed' && order.paperVouchersCents > 0 && !order.paperVouchersConfirmedAt;
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
    current_status: STATUS_OF_STATE[order.state],
    current_status_text: awaitingVouchers(order) ? VOUCHERS_STATUS_TEXT : ORDER_STATE_TEXT[order.state],
    delivery_day: order.deliveryDate ? ddmmyyyy(order.deliveryDate) : null,
    delivery_end: order.deliveryEnd ? order.deliveryEnd.slice(0, 5) : null,
    delivery_name: order.deliveryName,
    balance_due: order.balanceDueCents,
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
