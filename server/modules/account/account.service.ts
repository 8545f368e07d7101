import { isConnected } from '../edenred/edenred.service';
import type { Order, User } from '#shared/api/auth';
import type { Db } from '../../db/client';
import type { orderProducts, orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
import { AppError } from '../../lib/errors';
import { currentSponsorRule } from '../shop/shop.service';
import { customerMoney, dueOf } from '../ledger/ledger.service';
import { customerById, ordersOf } from './account.repo';

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

/** The pool's movements as the customer reads them, by the ledger's transfer codes. */
export const POOL_TYPE_LABEL: Record<string, string> = {
  pool: 'Solde repris',
  vouchers_excess: 'Titres-restaurant papier',
  vouchers_beyond: 'Titres-restaurant papier',
  pool_payment: 'Paiement de commande',
  due_pool: 'Règlement d’un reste à régler',
  refund_pool: 'Remboursement',
  containers_beyond_refund: 'Contenants consignés rendus',
};


/** An order settled by paper vouchers the staff has not yet received says so. */
export const VOUCHERS_STATUS_TEXT = 'À régler en titres-restaurant papier à la livraison';
const awaitingVouchers = (order: OrderRow) => order.state === 'placed' && order.paperVouchersCents > 0 && !order.paperVouchersConfirmedAt;
type LineRow = typeof orderProducts.$inferSelect;

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** An order as the customer reads it; `due`: what is still to pay on it (the ledger's balance due). */
export function toOrder(order: OrderRow, lines: LineRow[], due = 0): Order {
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
    balance_due: due,
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
  const [customer, orderRows, money, rule, edenredLinked] = await Promise.all([
    customerById(db, customerId),
    ordersOf(db, customerId),
    customerMoney(db, customerId, { history: true }),
    currentSponsorRule(db),
    isConnected(db, customerId),
  ]);
  if (!customer) throw new AppError(401, 'unauthenticated', 'Vous devez être connecté.');
  const dues = await dueOf(
    db,
    orderRows.map(({ order }) => order),
  );
  return {
    id: customer.id,
    firstname: customer.firstname,
    lastname: customer.lastname,
    company_name: customer.companyName,
    email: customer.email,
    phone: customer.phone,
    orders: orderRows.map(({ order, lines }) => toOrder(order, lines, dues.get(order.id))),
    pool: money.pool,
    poolPending: money.poolPending,
    poolHistories: money.history.map((h) => ({ created_at: h.at.toISOString(), type_label: POOL_TYPE_LABEL[h.code] ?? h.code, amount: h.amount })),
    deposits: money.containers,
    sponsorCodes: [{ code: customer.sponsorCode, amount: rule.amount, amount_type: rule.amountType }],
    isConnectedToEdenred: edenredLinked,
  };
}
