import { CART_ERRORS, CART_NOTICES } from '#shared/api/cart';
import { CHECKOUT_ERRORS, EDENRED_PENDING_MESSAGE, NOT_COVERED_MESSAGE, PAYMENT_PENDING_MESSAGE, ROUND_CLOSED_MESSAGE, VOUCHERS_BEYOND_NEED_MESSAGE, paperVouchersNote, vouchersBeyondNeed, vouchersTotalCents, type LunchVoucherRow, type PreOrder, type ValidatedOrder } from '#shared/api/checkout';
import { ERROR_CODES } from '#shared/api/errors';
import { DELIVERY_REQUIRED_MESSAGE } from '#shared/api/delivery';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatAmount } from '#shared/money';
import { parisDate } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import type { SnapshotLine } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { invoiceTotals } from '../../pdf/invoice-totals';
import { toOrder } from '../account/account.service';
import { cartForCheckout, lockCartReleasingPortions, removeOrderedCart, returnableNow, takeOrderPortions } from '../cart/cart-order.service';
import { roundTakesOrders } from '../delivery/round-open.service';
import { checkChoice, findDelivery } from '../delivery/delivery.service';
import { checkPointAtCheckout } from '../delivery/point-access.service';
import { deliveryDateAt } from '../shop/shop.service';
import { nextInvoiceNumber } from '../../db/invoice-numbers';
import { countOrderPlaced, countPayment, countSoldOut } from '../../lib/metrics';
import { codeRefusal, discountCodeOf, itemsOf } from './code-rules';
import {
  categoryNames,
  cartVersion,
  countCodeUse,
  customerOrder,
  dropCartCode,
  insertOrder,
  insertOrderLines,
  insertPreOrder,
  latestPreOrder,
  lockCustomer,
  lockPreOrder,
  markPreOrderPlaced,
  linesOfOrder,
  updateCustomer,
  updatePreOrder,
  type PreOrderRow,
} from './checkout.repo';
import { livePaymentsOf, updatePayment } from './payments.repo';
import { orderConfirmationMail } from './order-mail';
import { coverOf, coversExactly, mealVouchersOf, meansOf, paperVouchersNeed, paperVouchersPart } from './payment-cover';
import { mealVoucherCap, mealVouchersView, requireWithinCap } from './meal-voucher-cap';
import { enqueueMail } from '../../mail/outbox';
import { LedgerLimitError, poolOfCustomer as customerPool, recordPlacement } from '../ledger/ledger.service';
import { EMAIL_PATTERN } from '#shared/api/fields';

/** The logged-in customer's cart: theirs once logged in, whichever session asks. */
type CustomerCart = { sessionId: string; customerId: number };
/** The session's chosen delivery, and the company point whose code it gave (point-access.service.ts). */
type Chosen = { deliveryId: number | null; codeGivenFor: number | null };

const DEPOSITS_NOT_YET_MESSAGE = 'Vous ne pouvez rendre que les consignes déjà reçues : celles d’une commande pas encore livrée se rendent à la suivante.';

/** Formulas are sold at the take-away food rate; offered bonuses at the goods rate. */
const FORMULA_VAT_BP = 1000;
const GOODS_VAT_BP = 2000;
/** Orders placed here are paid (payment taken or nothing to pay); delivery makes them 2. */
const PAID = 1;

const refusal = (status: number, code: string, message: string) => new AppError(status, code, message);


/**
 * The payment plan of a pre-order, whatever the order of the customer's taps: the declared paper
 * vouchers settle their part first (payment-cover.ts), then the pool applied, then Edenred; the rest
 * is what a card is asked for. `available`: the customer's pool; `maxUsable`: the most of it the
 * order can still take.
 */
export function preOrderAmounts(row: Pick<PreOrderRow, 'finalCents' | 'poolCents' | 'lunchVouchers' | 'edenredPayment' | 'depositsAdded' | 'depositsReturned'>, customerPoolCents: number) {
  const edenred = row.edenredPayment?.unit_amount ?? 0;
  const vouchers = paperVouchersPart(row);
  const maxUsable = Math.max(0, Math.min(customerPoolCents, row.finalCents - edenred - vouchers));
  return { available: customerPoolCents, vouchers, maxUsable, remaining: Math.max(0, row.finalCents - vouchers - row.poolCents - edenred) };
}

async function toPreOrder(db: Db | Tx, row: PreOrderRow, customerPoolCents: number): Promise<PreOrder> {
  const { available, vouchers, maxUsable, remaining } = preOrderAmounts(row, customerPoolCents);
  return {
    id: row.id,
    final_price: row.finalCents,
    formatted_final_price: formatAmount(row.finalCents),
    remaining_price: remaining,
    formatted_remaining_price: formatAmount(remaining),
    pool: row.poolCents,
    formatted_pool: formatAmount(row.poolCents),
    paper_vouchers: vouchers,
    available_pool: available,
    max_usable_pool: maxUsable,
    formatted_max_usable_pool: formatAmount(maxUsable),
    lunch_vouchers: row.lunchVouchers,
    edenredPayment: row.edenredPayment ?? null,
    paper_vouchers_note: voucherNote(row),
    meal_vouchers: mealVouchersView(await mealVoucherCap(db, row), row),
  };
}

/** What the declared vouchers will settle of the order (its price less any Edenred part), said in French. */
function voucherNote(row: PreOrderRow): string | null {
  if (!vouchersTotalCents(row.lunchVouchers)) return null;
  return paperVouchersNote(formatAmount(paperVouchersPart(row)));
}

/**
 * The customer's open pre-order: the latest one, unless it is placed already. Earlier ones are
 * superseded: once the latest is placed they must not come back as "open" and be paid again.
 */
async function openPreOrder(db: Db | Tx, customerId: number): Promise<PreOrderRow | null> {
  const row = await latestPreOrder(db, customerId);
  return row && !row.orderId ? row : null;
}

export async function requireOpenPreOrder(db: Db | Tx, customerId: number): Promise<PreOrderRow> {
  const row = await openPreOrder(db, customerId);
  if (!row) throw refusal(404, CHECKOUT_ERRORS.noPreOrder, 'Aucune commande en attente de paiement : validez votre panier.');
  return row;
}

export async function viewPreOrder(db: Db, customerId: number): Promise<PreOrder> {
  return toPreOrder(db, await requireOpenPreOrder(db, customerId), await customerPool(db, customerId));
}

/** What the cart orders, frozen at validation: lines with their prices and VAT rates. */
async function snapshotOf(db: Db, checkout: NonNullable<Awaited<ReturnType<typeof cartForCheckout>>>): Promise<SnapshotLine[]> {
  const { products, catalog, cart } = checkout;
  const categoryIds = [...new Set(products.flatMap((p) => (p.sub_products ?? []).map((s) => s.category_id)))];
  const categoryRows = categoryIds.length ? await categoryNames(db, categoryIds) : [];
  const categoryName = (id: number) => categoryRows.find((c) => c.id === id)?.name ?? '';
  const lines: SnapshotLine[] = products.map((p) => {
    if (!p.sub_products) {
      return { type: 'product', id: p.product_id, name: p.product_name, unitPriceCents: p.unit_price, quantity: p.quantity, vatRateBp: catalog.products.get(p.product_id)?.vatRateBp ?? FORMULA_VAT_BP, children: [] };
    }
    const children = p.sub_products.map((s) => ({
      id: s.product_id,
      name: s.product_name,
      category: categoryName(s.category_id),
      // A "petit plus" carries its extra price; the chosen courses are in the formula's price.
      unitPriceCents: s.extra ? catalog.extraPrice(s.category_id, s.product_id) : 0,
      vatRateBp: catalog.products.get(s.product_id)?.vatRateBp ?? FORMULA_VAT_BP,
    }));
    const extras = children.reduce((n, c) => n + c.unitPriceCents, 0);
    return { type: 'menu', id: p.product_id, name: p.product_name, unitPriceCents: p.unit_price - extras, quantity: p.quantity, vatRateBp: FORMULA_VAT_BP, children };
  });
  if (cart.cutlery) lines.push({ type: 'cutlery', id: null, name: 'Couverts', unitPriceCents: 0, quantity: cart.cutlery, vatRateBp: GOODS_VAT_BP, children: [] });
  if (cart.toteBags) lines.push({ type: 'tote_bag', id: null, name: 'Tote bag Popote', unitPriceCents: 0, quantity: cart.toteBags, vatRateBp: GOODS_VAT_BP, children: [] });
  return lines;
}

/**
 * "Passer au paiement": the logged-in customer's cart, for a delivery still open for ordering,
 * becomes a pre-order (a new one each time: the cart may have changed since the last).
 */
export async function validateCart(db: Db, owner: CustomerCart, { deliveryId, codeGivenFor }: Chosen, now: Date): Promise<PreOrder> {
  const checkout = await cartForCheckout(db, owner, now);
  if (!checkout) throw refusal(409, CHECKOUT_ERRORS.cartEmpty, 'Votre panier est vide.');
  if (!deliveryId) throw refusal(409, CHECKOUT_ERRORS.deliveryRequired, DELIVERY_REQUIRED_MESSAGE);
  const delivery = await checkChoice(db, deliveryId, await deliveryDateAt(db, now), now);
  // A company point's rule again: the customer paying may not be who chose it (docs/product/delivery.md).
  await checkPointAtCheckout(db, delivery.delivery_location.id, { customerId: owner.customerId, codeGivenFor });
  const { cart, totals, discount, held } = checkout;
  // Containers come back only once the order that brought them is delivered (cart.md).
  if (cart.depositsReturned > held) throw refusal(409, CART_ERRORS.notEnoughDeposit, DEPOSITS_NOT_YET_MESSAGE);
  const codeRefused = discount ? await codeRefusal(db, cart, owner.customerId, totals.items, parisDate(now)) : null;
  if (codeRefused) {
    await dropCartCode(db, cart.id);
    throw codeRefused;
  }
  const lines = await snapshotOf(db, checkout);
  const row = await db.transaction(async (tx) => {
    // Earlier pre-orders stay: a card payment started on one may still succeed, and is then placed
    // from what it paid for. The open one is the latest.
    const previous = await openPreOrder(tx, owner.customerId);
    const inserted = await insertPreOrder(tx, {
      customerId: owner.customerId,
      cartId: cart.id,
      cartVersion: cart.version,
      deliveryId: delivery.id,
      deliveryDate: cart.deliveryDate,
      lines,
      finalCents: totals.final,
      discountCents: totals.discount,
      discountId: cart.discountId,
      sponsorCustomerId: cart.sponsorCustomerId,
      depositsAdded: totals.depositAddedQuantity,
      depositsReturned: cart.depositsReturned,
      createdAt: now,
    });
    return previous ? carryOver(tx, previous, inserted) : inserted;
  });
  return toPreOrder(db, row, await customerPool(db, owner.customerId));
}

/**
 * What the customer set on the checkout a new validation replaces (the panel closed and opened
 * again, the cart changed): their paper vouchers, kept while the new order may still take them
 * (need and meal-voucher cap), and the pool they applied, kept when the checkout is the same one.
 * Nothing declared is dropped without the recap showing it.
 */
async function carryOver(tx: Tx, previous: PreOrderRow, next: PreOrderRow): Promise<PreOrderRow> {
  if (!previous.lunchVouchers.length && !previous.poolCents) return next;
  const rows = previous.lunchVouchers;
  const vouchersFit = !vouchersBeyondNeed(rows, paperVouchersNeed(next)) && paperVouchersPart(next, rows) <= (await mealVoucherCap(tx, next)).room;
  const lunchVouchers = vouchersFit ? rows : [];
  const same = previous.cartVersion === next.cartVersion && previous.deliveryId === next.deliveryId && previous.finalCents === next.finalCents && vouchersFit;
  const poolCents = same ? Math.min(previous.poolCents, preOrderAmounts({ ...next, lunchVouchers }, await customerPool(tx, next.customerId)).maxUsable) : 0;
  return updatePreOrder(tx, next.id, { lunchVouchers, poolCents });
}

/**
 * A change of the open pre-order's vouchers or pool, made under the pre-order's lock and only
 * while it is not placed and no payment on it is under way: a card payment order, an Edenred
 * widget session or the balance being taken were started for the amount left before the change,
 * and would pay the wrong amount after it.
 */
async function changeOpenPreOrder(db: Db, customerId: number, change: (tx: Tx, pre: PreOrderRow, pool: number) => Promise<PreOrderRow>): Promise<PreOrder> {
  return db.transaction(async (tx) => {
    const open = await requireOpenPreOrder(tx, customerId);
    const pre = await lockPreOrder(tx, open.id);
    if (!pre || pre.orderId) throw refusal(409, CHECKOUT_ERRORS.alreadyPlaced, 'Votre commande est déjà payée : elle est confirmée.');
    const live = await livePaymentsOf(tx, pre.id);
    if (live.some((p) => p.provider === 'paygreen')) throw refusal(409, CHECKOUT_ERRORS.paymentPending, PAYMENT_PENDING_MESSAGE);
    if (live.length || (pre.edenredPayment && !pre.edenredPayment.authorization_id)) throw refusal(409, CHECKOUT_ERRORS.edenredPending, EDENRED_PENDING_MESSAGE);
    const pool = await customerPool(tx, customerId);
    return toPreOrder(tx, await change(tx, pre, pool), pool);
  });
}

/**
 * Paper vouchers declared with the order (the whole list); the pool applied stays within reach.
 * Their face value, with any Edenred part, stays within the meal-voucher cap (meal-voucher-cap.ts).
 */
export async function declareVouchers(db: Db, customerId: number, rows: LunchVoucherRow[]): Promise<PreOrder> {
  return changeOpenPreOrder(db, customerId, async (tx, pre, pool) => {
    if (vouchersBeyondNeed(rows, paperVouchersNeed(pre))) {
      throw new AppError(422, ERROR_CODES.validation, VOUCHERS_BEYOND_NEED_MESSAGE, { lunch_vouchers: [VOUCHERS_BEYOND_NEED_MESSAGE] });
    }
    // The list replaces the one declared: what is left for it is the room less the Edenred part.
    const { room } = await mealVoucherCap(tx, pre);
    requireWithinCap(paperVouchersPart(pre, rows), Math.max(0, room - (pre.edenredPayment?.unit_amount ?? 0)), 422);
    const poolCents = Math.min(pre.poolCents, preOrderAmounts({ ...pre, lunchVouchers: rows }, pool).maxUsable);
    return updatePreOrder(tx, pre.id, { lunchVouchers: rows, poolCents });
  });
}

/** Uses as much of the customer's pool as the order still needs after its declared vouchers. */
export async function applyPool(db: Db, customerId: number): Promise<PreOrder> {
  return changeOpenPreOrder(db, customerId, async (tx, pre, pool) => updatePreOrder(tx, pre.id, { poolCents: preOrderAmounts(pre, pool).maxUsable }));
}

/** Portions a snapshot orders: dishes, and each formula's courses and extras. */
function snapshotPortions(lines: SnapshotLine[]): Map<number, number> {
  const portions = new Map<number, number>();
  const add = (id: number, n: number) => portions.set(id, (portions.get(id) ?? 0) + n);
  for (const line of lines) {
    if (line.type === 'product' && line.id) add(line.id, line.quantity);
    if (line.type === 'menu') for (const child of line.children) add(child.id, line.quantity);
  }
  return portions;
}

/**
 * Places the order of a pre-order, once: a replay (second tab, card return and notification
 * together) finds the order already there. `paymentId`: the provider payment placing it (card,
 * or Edenred's widget), verified with its provider by the caller and recorded with the order. The
 * order is placed only if its means pay its total exactly (payment-cover.ts). Stock: the cart's reservations are given back and the
 * snapshot's taken in the same transaction, so the order holds exactly what was validated, and a
 * dish sold out meanwhile refuses the order instead of overselling it.
 */
export async function placeOrder(db: Db, preOrderId: number, now: Date, options: { paymentId?: number } = {}): Promise<number> {
  let placed = false;
  const orderId = await db.transaction(async (tx) => {
    const pre = await lockPreOrder(tx, preOrderId);
    if (!pre) throw refusal(404, CHECKOUT_ERRORS.noPreOrder, 'Cette commande est introuvable.');
    if (pre.orderId) return pre.orderId;
    // Never on a closed round (its courier settled it: nobody would deliver the bag). Held for
    // share before any other lock but the pre-order's, so a closing and a placement wait for each
    // other in one order; the refusal gives a provider's money back as a sold-out dish does.
    if (pre.deliveryId && !(await roundTakesOrders(tx, pre.deliveryId, pre.deliveryDate))) throw refusal(409, CHECKOUT_ERRORS.roundClosed, ROUND_CLOSED_MESSAGE);
    const customer = await lockCustomer(tx, pre.customerId);
    if (!customer) throw refusal(404, CHECKOUT_ERRORS.noPreOrder, 'Cette commande est introuvable.');

    // What pays the order is counted again here, under the lock: a means withdrawn by a request
    // racing this one (vouchers, pool, an Edenred part) is either in or out, never half. The pool
    // applied must still be there: the ledger refuses to spend more than it holds (below).
    const cover = await coverOf(tx, pre, options.paymentId);
    if (!coversExactly(cover, pre.finalCents)) throw refusal(409, CHECKOUT_ERRORS.notCovered, NOT_COVERED_MESSAGE);
    // The day's meal vouchers, counted under the customer's lock: another order of that day placed
    // meanwhile is in the count, and two placed at once wait for each other.
    requireWithinCap(mealVouchersOf(cover), (await mealVoucherCap(tx, pre)).room, 409);
    if (pre.depositsReturned > (await returnableNow(tx, customer.id, now))) throw refusal(409, CART_ERRORS.notEnoughDeposit, DEPOSITS_NOT_YET_MESSAGE);
    // The code's conditions hold at placement too (dates, uses, first order, minimum basket).
    const codeRefused = await codeRefusal(tx, pre, customer.id, itemsOf(pre.lines), parisDate(now));
    if (codeRefused) throw codeRefused;
    if (pre.discountId && !(await countCodeUse(tx, pre.discountId))) throw refusal(409, CART_ERRORS.invalidDiscount, CART_NOTICES.invalidDiscount);
    // The cart is locked before any stock row, as the expiry sweep locks it before giving its
    // portions back: both take their locks in one order, so they wait for each other instead of
    // deadlocking (the sweep then finds the cart gone, or placement finds it released).
    const cart = pre.cartId ? await lockCartReleasingPortions(tx, pre.cartId) : null;
    // The basket changed after this pre-order was made (another tab, during an Edenred widget
    // payment): placing the pre-order's snapshot would drop the change silently with the cart. The
    // payment is refused (a provider's money goes back: placeOrRefund, settleCardPayment).
    if (cart && pre.cartVersion !== null && cart.version !== pre.cartVersion) throw refusal(409, CHECKOUT_ERRORS.cartChanged, CART_CHANGED_MESSAGE);
    const refused = await takeOrderPortions(tx, pre.deliveryDate, snapshotPortions(pre.lines), cart);
    if (refused.length) countSoldOut('checkout');
    if (refused.length) throw refusal(409, CHECKOUT_ERRORS.soldOut, 'Un plat de votre commande vient d’être épuisé : modifiez votre panier puis validez-le à nouveau.');
    if (cart) await removeOrderedCart(tx, cart.id);

    const delivery = pre.deliveryId ? await findDelivery(tx as unknown as Db, pre.deliveryId) : null;
    const orderLines = pre.lines.flatMap((l) => [l, ...l.children.map((c) => ({ ...c, quantity: l.quantity }))]);
    const { vatCents } = invoiceTotals(orderLines, pre.discountCents);
    const order = await insertOrder(tx, {
      customerId: customer.id,
      deliveryId: pre.deliveryId,
      status: PAID,
      invoiceNumber: await nextInvoiceNumber(tx, Number(parisDate(now).slice(0, 4))),
      amountTotalCents: pre.finalCents,
      vatCents,
      discountCents: pre.discountCents,
      depositCents: (pre.depositsAdded - pre.depositsReturned) * DEPOSIT_PER_MENU_CENTS,
      depositChargedCents: pre.depositsAdded * DEPOSIT_PER_MENU_CENTS,
      depositRefundedCents: pre.depositsReturned * DEPOSIT_PER_MENU_CENTS,
      deliveryDate: pre.deliveryDate,
      deliveryStart: delivery ? `${delivery.starts_at.slice(11, 16)}:00` : null,
      deliveryEnd: delivery ? `${delivery.ends_at.slice(11, 16)}:00` : null,
      deliveryName: delivery?.delivery_location.name ?? null,
      deliveryPrivate: delivery?.delivery_location.is_private ?? false,
      preOrderId: pre.id,
      paperVouchersCents: vouchersTotalCents(pre.lunchVouchers),
      paperVouchersExcessCents: vouchersTotalCents(pre.lunchVouchers) - cover.vouchers,
      paymentMeans: meansOf(cover),
      discountCode: await discountCodeOf(tx, pre),
      createdAt: now,
    });
    await insertOrderLines(tx, order.id, pre.lines);

    // The money and the containers move with the order, once, in the ledger: the sale and its
    // deposits, each means paying it. Paper vouchers are no cash yet: they are pending until the
    // courier receives them, and their excess reaches the pool only then.
    try {
      await recordPlacement(tx, {
        order,
        at: now,
        totalCents: pre.finalCents,
        containersAdded: pre.depositsAdded,
        containersReturned: pre.depositsReturned,
        vouchersPart: cover.vouchers,
        vouchersExcess: vouchersTotalCents(pre.lunchVouchers) - cover.vouchers,
        pool: cover.pool,
        edenred: cover.edenred,
        provider: cover.provider && options.paymentId !== undefined ? { ...cover.provider, paymentId: options.paymentId } : null,
      });
    } catch (err) {
      if (err instanceof LedgerLimitError && err.account.endsWith(':pool')) {
        throw refusal(409, CHECKOUT_ERRORS.poolChanged, 'Votre cagnotte a changé depuis la validation : validez à nouveau votre panier.');
      }
      if (err instanceof LedgerLimitError) throw refusal(409, CART_ERRORS.notEnoughDeposit, DEPOSITS_NOT_YET_MESSAGE);
      throw err;
    }
    if (pre.deliveryId && pre.deliveryId !== customer.lastDeliveryId) await updateCustomer(tx, customer.id, { lastDeliveryId: pre.deliveryId });
    await markPreOrderPlaced(tx, pre.id, order.id);
    // The confirmation mail, with its invoice, leaves if and only if the order commits.
    const placedLines = await linesOfOrder(tx, order.id);
    // An address the outbox would refuse (older accounts) never blocks the order itself.
    if (EMAIL_PATTERN.test(customer.email)) await enqueueMail(tx, await orderConfirmationMail(customer, order, placedLines));
    // The provider payment that placed the order owns it from the same commit: another payment of
    // this pre-order settling later finds the order taken by someone else (card-settlement.ts).
    if (options.paymentId) await updatePayment(tx, options.paymentId, { orderId: order.id });
    placed = true;
    return order.id;
  });
  // Counted once committed, and once per order (a replay finds it placed).
  if (placed) countOrderPlaced();
  return orderId;
}

/** Completes the open pre-order when nothing is left to pay (pool, vouchers, meal-voucher balance). */
export async function payWithoutCard(db: Db, customerId: number, now: Date): Promise<ValidatedOrder> {
  const pre = await requireOpenPreOrder(db, customerId);
  await checkStillOpen(db, pre, now);
  if (preOrderAmounts(pre, await customerPool(db, customerId)).remaining > 0) {
    throw refusal(409, CHECKOUT_ERRORS.remaining, 'Il reste un montant à payer : choisissez un moyen de paiement.');
  }
  const orderId = await placeOrder(db, pre.id, now);
  countPayment('pool', 'success');
  return validatedOrder(db, customerId, orderId);
}

/** Paying after the tour's cut-off is refused: the pre-order was validated for a delivery now closed. */
export async function checkStillOpen(db: Db, pre: Pick<PreOrderRow, 'deliveryId' | 'cartId' | 'cartVersion'>, now: Date) {
  if (!pre.deliveryId) throw refusal(409, CHECKOUT_ERRORS.deliveryRequired, DELIVERY_REQUIRED_MESSAGE);
  await checkChoice(db, pre.deliveryId, await deliveryDateAt(db, now), now);
  // The cart changed since it was validated (a guest cart merged at login, another device): the
  // customer must see the new total before paying.
  if (pre.cartId && pre.cartVersion !== null) {
    const version = await cartVersion(db, pre.cartId);
    if (version !== undefined && version !== pre.cartVersion) throw refusal(409, CHECKOUT_ERRORS.cartChanged, CART_CHANGED_MESSAGE);
  }
}

const CART_CHANGED_MESSAGE = 'Votre panier a changé depuis sa validation : validez-le à nouveau pour voir le nouveau total avant de payer.';

/** A free cart (final price 0,00) is ordered directly. */
export async function orderFreeCart(db: Db, owner: CustomerCart, chosen: Chosen, now: Date): Promise<ValidatedOrder> {
  const pre = await validateCart(db, owner, chosen, now);
  if (pre.final_price !== 0) throw refusal(409, CHECKOUT_ERRORS.notFree, 'Cette commande n’est pas gratuite : passez par le paiement.');
  const orderId = await placeOrder(db, pre.id, now);
  countPayment('free', 'success');
  return validatedOrder(db, owner.customerId, orderId);
}

export async function validatedOrder(db: Db, customerId: number, orderId: number): Promise<ValidatedOrder> {
  const order = await customerOrder(db, customerId, orderId);
  if (!order) throw refusal(404, 'not_found', 'Commande introuvable.');
  const lines = await linesOfOrder(db, order.id);
  const view = toOrder(order, lines);
  return {
    id: order.id,
    invoice_number: order.invoiceNumber,
    amount_total: order.amountTotalCents,
    vat_amount: order.vatCents,
    delivery_name: order.deliveryName,
    delivery_start: order.deliveryStart?.slice(0, 5) ?? null,
    delivery_end: order.deliveryEnd?.slice(0, 5) ?? null,
    delivery_private: order.deliveryPrivate,
    products: view.products,
  };
}
