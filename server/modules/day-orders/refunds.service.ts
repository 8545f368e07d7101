import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import type { FastifyInstance } from 'fastify';
import { formatEuros } from '#shared/money';
import { parisDate } from '#shared/time';
import { STAFF_ERRORS, type RefundBody, type StaffOrder } from '#shared/api/staff';
import { ERROR_CODES } from '#shared/api/errors';
import { creditNotes, customers, orderProducts, payments, refunds, type RefundMeans } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CARD_PROVIDERS } from '../../db/live-card-payments';
import { enqueueMail } from '../../mail/outbox';
import { creditNoteRates, renderCreditNote } from '../../pdf/credit-note';
import { itemsRefund } from '../../pdf/invoice-totals';
import { SELLER } from '../../pdf/seller';
import { givePortionsBack } from '../stock/stock.service';
import { enqueuePushes, orderPageOf } from '../push/push.service';
import { edenredOf } from '../edenred/edenred.service';
import { awaitsVouchers, dueOf, recordContainersCancelled, recordCreditNote, recordRefund, refundConfirmed, refundableByMeans, voidDeclared, type Means } from '../ledger/ledger.service';
import { audit, type Actor } from '../../lib/audit';
import { boardOrder } from './day-orders.service';
import { itemsRefundedOf, claimRefund, lockOrder, nextCreditNoteNumber, pendingRefunds, settleClaim, providerPaymentsOf, refundsOfOrders, setOrderState, type OrderRow, type RefundRow } from './day-orders.repo';

/** A day, in seconds: how long a cancellation's push is worth delivering. */
const DAY_S = 24 * 60 * 60;

type PaymentRow = typeof payments.$inferSelect;
type LineRow = typeof orderProducts.$inferSelect;
interface Give {
  means: RefundMeans;
  amount: number;
  paymentId: number | null;
}

/** Orders that may still be cancelled: not delivered, not cancelled or refunded already. */
const CANCELLABLE = new Set(['placed', 'prepared', 'out', 'absent']);
/** A partial refund's default order of means: back where the money came from, the pool last. */
const REFUND_ORDER: Means[] = ['card', 'edenred', 'cash', 'pool', 'paper_vouchers'];

const stateRefusal = (message: string) => new AppError(409, STAFF_ERRORS.orderState, message);

/**
 * Splits what goes back over the provider payments of a means (the Edenred balance's part and the
 * widget's are two payments), each at most what it took less what went back from it.
 */
function onPayments(means: 'card' | 'edenred', amount: number, paid: PaymentRow[], given: RefundRow[]): Give[] {
  // By card: the basket's payment and those of a balance due, each given back on its own card.
  const provider = means === 'card' ? CARD_PROVIDERS : ['edenred', 'edenred_widget'];
  const gives: Give[] = [];
  let left = amount;
  for (const payment of paid.filter((p) => provider.includes(p.provider))) {
    const back = given.filter((r) => r.paymentId === payment.id).reduce((n, r) => n + r.amountCents, 0);
    const take = Math.min(left, payment.amountCents - back);
    if (take > 0) gives.push({ means, amount: take, paymentId: payment.id });
    left -= Math.max(0, take);
  }
  // Nothing recorded to give it back through (an order from before payments were kept): the pool.
  if (left > 0) gives.push({ means: 'pool', amount: left, paymentId: null });
  return gives;
}

/**
 * Where posted money of a means goes back: card and Edenred through their provider, the pool to
 * the pool; paper vouchers and cash received are not handed back as paper or coins: to the pool.
 */
function splitOver(means: Means, amount: number, paid: PaymentRow[], given: RefundRow[]): Give[] {
  if (amount <= 0) return [];
  if (means === 'card' || means === 'edenred') return onPayments(means, amount, paid, given);
  return [{ means: 'pool', amount, paymentId: null }];
}

/** The portions an order holds, as its lines say: dishes, and each formula's dishes. */
function portionsOfLines(lines: (typeof orderProducts.$inferSelect)[]): Map<number, number> {
  const portions = new Map<number, number>();
  for (const line of lines) {
    if (line.buyableType !== 'product' || !line.buyableId) continue;
    portions.set(line.buyableId, (portions.get(line.buyableId) ?? 0) + line.quantity);
  }
  return portions;
}

interface GiveBack {
  kind: 'cancellation' | 'refund';
  reason: string;
  /** Items refunded (the order's lines, how many of each): the credit note's VAT is theirs. */
  items?: { id: number; quantity: number }[];
  /** What to give back, means by means, from the money each means brought and still holds (the ledger's); `itemsCents`: what the items come to. */
  plan: (order: OrderRow, left: Map<Means, number>, paid: PaymentRow[], given: RefundRow[], itemsCents: number) => Give[];
}

/**
 * The items of a refund, checked against the order's lines under its lock: each a formula's or a
 * dish's own line, never more of it than the order had less what was refunded of it already.
 * Answers what they come to on the invoice (their price, less their share of the discount).
 */
async function itemsAmount(tx: Tx, order: OrderRow, lines: LineRow[], items: { id: number; quantity: number }[]): Promise<number> {
  const already = await itemsRefundedOf(tx, [order.id]);
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.id, (wanted.get(item.id) ?? 0) + item.quantity);
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id && l.parentId === null && l.buyableType !== 'cutlery' && l.buyableType !== 'tote_bag');
    if (!line) throw new AppError(422, ERROR_CODES.validation, 'Cet article n’est pas de cette commande.', { lines: ['Cet article n’est pas de cette commande.'] });
    const left = line.quantity - (already.get(id) ?? 0);
    if (quantity > left) {
      const message = left > 0 ? `« ${line.name} » : ${left} au plus à rembourser.` : `« ${line.name} » est déjà remboursé.`;
      throw new AppError(422, STAFF_ERRORS.refundTooLarge, message, { lines: [message] });
    }
  }
  return itemsRefund(lines, order.discountCents, wanted).totalCents;
}

const sumOf = (gives: Give[]) => gives.reduce((n, g) => n + g.amount, 0);

/**
 * One cancellation or refund, in one transaction on the locked order. Only money the order really
 * received goes back, to where it came from (the ledger says how much each means brought and how
 * much went back already); declared paper vouchers not received are voided, never credited. The
 * order's credit note, its ledger transfers, its mail and its audit line commit together; then the
 * providers are asked. A provider that fails leaves its refund pending, shown and tried again
 * (retryPendingRefunds): nothing is marked refunded that was not.
 */
async function giveBack(app: FastifyInstance, actor: Actor, orderId: number, what: GiveBack): Promise<{ order: StaffOrder; credit_note: { id: number; number: string; amount: number } }> {
  const now = app.clock.now();
  const note = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError(404, 'not_found', 'Cette commande est introuvable.');
    const given = await refundsOfOrders(tx, [order.id]);
    const paid = await providerPaymentsOf(tx, order);
    const left = await refundableByMeans(tx, order.id);
    const lines = await tx.select().from(orderProducts).where(eq(orderProducts.orderId, order.id));
    const itemsCents = what.items ? await itemsAmount(tx, order, lines, what.items) : 0;
    const gives = what.plan(order, left, paid, given, itemsCents).filter((g) => g.amount > 0);
    const money = sumOf(gives);
    const allBack = money >= [...left.values()].reduce((n, v) => n + Math.max(0, v), 0);
    // The order leaves the round (cancelled, or all its money given back): what it still waited for
    // is not coming. Its declared vouchers are voided, and what was never paid (vouchers not
    // collected, a balance due) is cancelled with it on the credit note, given back to nobody. A
    // refund of items is of those items alone: the order stays on its round while it waits for more.
    const waits = what.items ? (await awaitsVouchers(tx, order.id)) || ((await dueOf(tx, [order])).get(order.id) ?? 0) > 0 : false;
    const leaves = what.kind === 'cancellation' || (allBack && !waits);
    let unpaid = 0;
    if (leaves) {
      const due = (await dueOf(tx, [order])).get(order.id) ?? 0;
      const voided = await voidDeclared(tx, { order, at: now, actor, cause: what.kind === 'cancellation' ? 'credit_note' : 'refund' });
      unpaid = due + voided;
      if (unpaid > 0) gives.push({ means: 'paper_vouchers', amount: unpaid, paymentId: null });
    }
    if (what.kind === 'cancellation') {
      // The portions are on sale again, the containers the order brought never reach the customer.
      if (order.deliveryDate) await givePortionsBack(tx, order.deliveryDate, portionsOfLines(lines));
      await recordContainersCancelled(tx, { order, containers: Math.round(order.depositChargedCents / DEPOSIT_PER_MENU_CENTS), at: now, actor });
      await setOrderState(tx, order, 'cancelled', 3, now, actor.staffId, what.reason);
      // Told on the lock screen too (docs/product/notifications.md): nobody waits at the stop for it.
      await enqueuePushes(
        tx,
        [{ customerId: order.customerId, message: { title: 'Commande annulée', body: `Votre commande ${order.invoiceNumber} est annulée. Le détail vous est envoyé par e-mail.`, tag: `commande-${order.id}`, url: orderPageOf(order.id) } }],
        { ttl: DAY_S, urgency: 'normal', expiresAt: new Date(now.getTime() + DAY_S * 1000) },
      );
    } else if (leaves) {
      await setOrderState(tx, order, 'refunded', 4, now, actor.staffId, what.reason);
    }
    const amount = money + unpaid;
    const [created] = await tx
      .insert(creditNotes)
      .values({
        number: await nextCreditNoteNumber(tx, Number(parisDate(now).slice(0, 4))),
        orderId: order.id,
        amountCents: amount,
        reason: what.reason,
        kind: what.kind,
        lines: what.items?.map((i) => ({ orderProductId: i.id, quantity: i.quantity })) ?? null,
        staffId: actor.staffId,
        createdAt: now,
      })
      .returning();
    const { depositCents } = creditNoteRates({ order, lines, note: created! });
    await recordCreditNote(tx, { order, goods: amount - depositCents, deposits: depositCents, creditNoteId: created!.id, at: now, actor });
    for (const give of gives) {
      // Paper vouchers here are those never collected: nothing goes back, the row says so.
      const done = give.means !== 'card' && give.means !== 'edenred';
      const [refund] = await tx
        .insert(refunds)
        .values({ orderId: order.id, creditNoteId: created!.id, means: give.means, paymentId: give.paymentId, amountCents: give.amount, status: done ? 'done' : 'pending', createdAt: now, doneAt: done ? now : null })
        .returning();
      if (give.means !== 'paper_vouchers') await recordRefund(tx, { order, means: give.means, amount: give.amount, refundId: refund!.id, at: now, actor });
    }
    await audit(
      tx,
      actor,
      { action: what.kind === 'cancellation' ? 'order.cancel' : 'order.refund', orderId: order.id, customerId: order.customerId, amountCents: amount, details: { reason: what.reason, credit_note: created!.number, means: gives.map((g) => ({ means: g.means, amount: g.amount })) } },
      now,
    );
    const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
    const pdf = await renderCreditNote({ seller: SELLER, customer: customer!, order, lines, note: created!, refunds: gives.map((g) => ({ means: g.means, amountCents: g.amount })) });
    await enqueueMail(tx, creditNoteMail(customer!, order, created!, gives, pdf, what.kind));
    return created!;
  });
  await settleOrderRefunds(app, orderId);
  return { order: (await boardOrder(app.db, orderId))!, credit_note: { id: note.id, number: note.number, amount: note.amountCents } };
}

function creditNoteMail(customer: typeof customers.$inferSelect, order: OrderRow, note: typeof creditNotes.$inferSelect, gives: Give[], pdf: Buffer, kind: GiveBack['kind']) {
  const how: Record<RefundMeans, string> = {
    card: 'sur votre carte bancaire (sous quelques jours)',
    edenred: 'sur votre compte Edenred',
    pool: 'sur votre cagnotte Popote',
    paper_vouchers: 'jamais encaissés (titres-restaurant papier non remis, reste à régler) : plus rien à régler',
  };
  return {
    to: customer.email,
    subject: kind === 'cancellation' ? `Votre commande Popote ${order.invoiceNumber} est annulée` : `Remboursement de votre commande Popote ${order.invoiceNumber}`,
    text: [
      'Bonjour,',
      '',
      kind === 'cancellation' ? `Votre commande ${order.invoiceNumber} est annulée.` : `Une partie de votre commande ${order.invoiceNumber} vous est remboursée.`,
      `Motif : ${note.reason}`,
      '',
      `Nous vous remboursons ${formatEuros(note.amountCents)} :`,
      ...gives.map((g) => `- ${formatEuros(g.amount)} ${how[g.means]}`),
      '',
      `L’avoir ${note.number} est joint à ce message.`,
      '',
      'L’équipe Popote',
    ].join('\n'),
    attachments: [{ filename: `avoir-${note.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
  };
}

/** POST /api/staff/orders/{id}/cancel: the whole order, each means paid back where it came from. */
export function cancelOrder(app: FastifyInstance, actor: Actor, orderId: number, reason: string) {
  return giveBack(app, actor, orderId, {
    kind: 'cancellation',
    reason,
    plan: (order, left, paid, given) => {
      if (!CANCELLABLE.has(order.state)) throw stateRefusal(order.state === 'delivered' ? 'Cette commande est livrée : remboursez-la plutôt.' : 'Cette commande est déjà annulée ou remboursée.');
      return [...left].flatMap(([means, amount]) => splitOver(means, amount, paid, given));
    },
  });
}

/**
 * POST /api/staff/orders/{id}/refund: an amount, or items (their VAT theirs on the credit note), to
 * the card or Edenred first, else the pool; at most what the order received and still holds
 * (declared vouchers not received are no money).
 */
export function refundOrder(app: FastifyInstance, actor: Actor, orderId: number, body: Pick<RefundBody, 'amount' | 'lines' | 'reason'>) {
  return giveBack(app, actor, orderId, {
    kind: 'refund',
    reason: body.reason,
    items: body.lines,
    plan: (order, left, paid, given, itemsCents) => {
      if (order.state === 'cancelled' || order.state === 'refunded') throw stateRefusal('Cette commande est déjà annulée ou remboursée.');
      const amount = body.lines ? itemsCents : body.amount!;
      const most = [...left.values()].reduce((n, v) => n + Math.max(0, v), 0);
      if (amount > most) throw new AppError(422, STAFF_ERRORS.refundTooLarge, `Il reste au plus ${formatEuros(most)} à rembourser sur cette commande (ce qu’elle a réellement encaissé).`, { amount: [`Au plus ${formatEuros(most)}.`] });
      const gives: Give[] = [];
      let rest = amount;
      for (const means of REFUND_ORDER) {
        const take = Math.min(rest, Math.max(0, left.get(means) ?? 0));
        if (take <= 0) continue;
        gives.push(...splitOver(means, take, paid, given));
        rest -= take;
      }
      return gives;
    },
  });
}

/** The money of one pending refund, asked of its provider; true once the provider says it is given back. */
async function refundAtProvider(app: FastifyInstance, refund: RefundRow): Promise<void> {
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, refund.paymentId!));
  if (!payment) throw new Error(`payment ${refund.paymentId} not found`);
  if (CARD_PROVIDERS.includes(payment.provider)) {
    await app.paygreen().refund(payment.providerId, refund.amountCents);
    return;
  }
  const edenred = edenredOf(app);
  // A widget's money is a transaction of its own, known by the widget's session.
  const authorizationId = payment.provider === 'edenred_widget' ? (await edenred.widgetSession(payment.providerId)).authorizationId : payment.providerId;
  if (!authorizationId) throw new Error(`no Edenred transaction for payment ${payment.id}`);
  if (payment.status === 'authorized' || payment.status === 'capture_failed') await edenred.cancel(authorizationId);
  else await edenred.refund(authorizationId, refund.amountCents);
}

/**
 * Asks the providers for the pending refunds (of one order, or the oldest ones). Each is claimed
 * first, in one conditional UPDATE: of two servers retrying at once, or a retry tapped twice, one
 * asks the provider and the other leaves it, so no money goes back twice. A failure is counted and
 * kept, to be tried again.
 */
async function settle(app: FastifyInstance, pending: RefundRow[]): Promise<void> {
  for (const candidate of pending) {
    const refund = await claimRefund(app.db, candidate.id, app.clock.now());
    if (!refund) continue;
    try {
      await refundAtProvider(app, refund);
      // The provider says it is given back: the refund is done and its transfer posted, together.
      await app.db.transaction(async (tx) => {
        await settleClaim(tx, refund, { done: true, at: app.clock.now() });
        await refundConfirmed(tx, refund.id, app.clock.now());
      });
    } catch (err) {
      app.log.warn({ err, refundId: refund.id }, 'refund failed, kept pending');
      await settleClaim(app.db, refund, { done: false, error: String((err as Error).message ?? err).slice(0, 300) });
    }
  }
}

async function settleOrderRefunds(app: FastifyInstance, orderId: number): Promise<void> {
  const pending = (await refundsOfOrders(app.db, [orderId])).filter((r) => r.status !== 'done');
  await settle(app, pending);
}

/** A member asks the providers again now for an order's pending refunds: the audit says who and what. */
export async function retryOrderRefunds(app: FastifyInstance, actor: Actor, orderId: number): Promise<void> {
  const pending = (await refundsOfOrders(app.db, [orderId])).filter((r) => r.status !== 'done');
  if (!pending.length) return;
  const amount = pending.reduce((n, r) => n + r.amountCents, 0);
  await audit(app.db, actor, { action: 'order.refund_retry', orderId, amountCents: amount, details: { refunds: pending.map((r) => ({ id: r.id, means: r.means, amount: r.amountCents })) } }, app.clock.now());
  await settle(app, pending);
}

/** The background retry of refunds a provider failed (every few minutes, from the server process). */
export async function retryPendingRefunds(app: FastifyInstance): Promise<void> {
  await settle(app, await pendingRefunds(app.db, 20));
}
