import type { FastifyInstance } from 'fastify';
import { ABSENCE_REASON_LABELS, ROUND_ERRORS, type ReceivedVoucherRow, type Round } from '#shared/api/courier-round';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatEuros } from '#shared/money';
import { plural } from '#shared/plural';
import type { OrderOutcome } from '#shared/round-outcome';
import { frenchLongDate, frenchTime, parisDate, parisTime } from '#shared/time';
import { isTooLate } from '#shared/delivery-rules';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { enqueuePushes, orderPageOf } from '../push/push.service';
import { settleReceivedVouchers } from '../checkout/paper-vouchers.service';
import { audit, type Actor } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { awaitsVouchers, recordContainersReceived } from '../ledger/ledger.service';
import { closeRoundRow, customerContact, lockOrders, lockRound, settlementRows, settleOrder, setOrderOutcome } from './courier-round.repo';
import { roundOutcomes, roundView } from './courier-round.service';
import { GONE_STATES, roundsOfDate } from './rounds.service';
import { actsAsAdmin, courierOf, requireRound, type RoundMember } from './round-couriers.service';
import { allTours } from './rounds.repo';

type Row = Awaited<ReturnType<typeof settlementRows>>[number];

/** Two days, in seconds: a balance due's push is still worth delivering to a phone out of reach. */
const DUE_PUSH_TTL_S = 2 * 24 * 3600;

/** What closing did to one order: for the audit trail and the admin's list of differences. */
interface Settled {
  order: number;
  invoice: string | null;
  outcome: 'delivered' | 'absent';
  vouchersShortCents: number;
  poolCreditedCents: number;
  /** Received beyond the declaration: recorded, held for an admin's review. */
  vouchersHeldCents: number;
  containersDeclared: number;
  containersReceived: number;
  containersHeld: number;
  balanceDueCents: number;
}

/**
 * Closes a tour's round (the courier or an admin), once, under the round's lock and its orders':
 * every bag must be handed over or marked absent. Then, per order:
 * - handed over → delivered (its containers now count as held), absent → absent, with the phone's time;
 * - paper vouchers received settle their part: the declared excess goes to the pool once, a
 *   shortfall is left owed on the order (its balance due), what comes beyond is held for an
 *   admin's review (server/modules/ledger);
 * - containers beyond the declaration are held for review too (4 € each to the pool once an admin
 *   approves, as many as the customer holds); fewer than declared are held again and owed (4 € each).
 * A customer with a balance due gets a French mail. One audit line per order and one for the round.
 */
export async function closeRound(app: FastifyInstance, actor: Actor, member: RoundMember, tourId: number, date: string): Promise<Round> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const [tour] = await roundsOfDate(tx, date, tourId);
    if (!tour) throw notFound('Cette tournée est introuvable.');
    const round = await lockRound(tx, tourId, date);
    if (round.closedAt) throw new AppError(409, ROUND_ERRORS.closed, 'Cette tournée est déjà close.');
    const courier = await courierOf(tx, tourId, date);
    requireRound(member, courier);
    // A round closes once it can no longer change: after its tour's cut-off on its own day, no
    // order can be placed on it (checkout refuses a closed round all the same).
    const cutOff = (await allTours(tx)).find((t) => t.id === tourId)!.orderTimeLimit;
    if (!isTooLate(date, cutOff, parisDate(now), parisTime(now))) {
      throw new AppError(
        409,
        ROUND_ERRORS.notOver,
        `Cette tournée ne peut être close qu’après ${frenchTime(cutOff)} le ${frenchLongDate(date)} : des commandes peuvent encore s’y ajouter jusque-là.`,
      );
    }
    const ids = tour.stops.flatMap((s) => s.bags.map((b) => b.orderId));
    await lockOrders(tx, ids);
    // Read again once locked: a cancellation committed meanwhile is seen.
    const rows = (await settlementRows(tx, ids)).filter((r) => !GONE_STATES.includes(r.state));
    const asAdmin = actsAsAdmin(member, courier);
    const outcomes = await roundOutcomes(tx, round.id);
    const open = rows.filter((r) => !outcomes.get(r.id)?.outcome && r.state !== 'delivered' && r.state !== 'absent');
    if (open.length) {
      const message = `${plural(open.length, 'sac', 'sacs')} sans « Remis » ni « Absent » : notez-les avant de clore la tournée.`;
      throw new AppError(409, ROUND_ERRORS.incomplete, message, { orders: open.map((r) => String(r.id)) });
    }
    const settled: Settled[] = [];
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.outcome) settled.push(await settle(tx, actor, row, outcome, { id: round.id, tourName: tour.name, date }, now));
    }
    await closeRoundRow(tx, round.id, now, actor.staffEmail, courier?.id ?? null);
    await audit(
      tx,
      actor,
      {
        action: 'round.close',
        amountCents: settled.reduce((n, s) => n + s.balanceDueCents, 0) || null,
        details: {
          tour: tour.name,
          date,
          courier: courier?.name ?? null,
          ...(asAdmin && { as_admin: true }),
          delivered: settled.filter((s) => s.outcome === 'delivered').map((s) => s.order),
          absent: settled.filter((s) => s.outcome === 'absent').map((s) => s.order),
          differences: settled.filter((s) => s.vouchersShortCents || s.containersDeclared !== s.containersReceived || s.poolCreditedCents || s.vouchersHeldCents),
        },
      },
      now,
    );
  });
  return roundView(app.db, tourId, date);
}

async function settle(tx: Tx, actor: Actor, row: Row, outcome: OrderOutcome, round: { id: number; tourName: string; date: string }, now: Date): Promise<Settled> {
  const at = outcome.at ? new Date(outcome.at) : now;
  const delivered = outcome.outcome === 'handed_over';
  await setOrderOutcome(tx, row.id, delivered ? 'delivered' : 'absent', at, actor.staffId, outcome.reason ? ABSENCE_REASON_LABELS[outcome.reason as keyof typeof ABSENCE_REASON_LABELS] : null);
  // What the courier received, through the ledger: declared vouchers and containers are posted,
  // what is short stays owed on the order, what comes beyond waits for an admin (four eyes).
  const receipt = { order: { id: row.id, customerId: row.customerId }, at: now, actor, cause: 'round' as const, roundId: round.id };
  const rows = (outcome.rows ?? []) as ReceivedVoucherRow[];
  let vouchers = { credited: 0, short: 0, held: 0 };
  if (row.paperVouchersCents > 0 && !row.paperVouchersConfirmedAt && (await awaitsVouchers(tx, row.id))) {
    vouchers = await settleReceivedVouchers(tx, row, rows, { at: now, actor, roundId: round.id });
  }
  const declared = row.containersDeclared ?? 0;
  const received = outcome.containers ?? 0;
  const containers = await recordContainersReceived(tx, receipt, received);
  const due = vouchers.short + containers.short * DEPOSIT_PER_MENU_CENTS;
  await settleOrder(tx, row.id, { containersReceived: received });
  if (due > 0) {
    const customer = await customerContact(tx, row.customerId);
    if (customer) await enqueueMail(tx, balanceDueMail(customer, row.invoiceNumber, round.date, vouchers.short, containers.short));
    // Told on the lock screen too, with the mail's figure (docs/product/notifications.md).
    await enqueuePushes(
      tx,
      [{ customerId: row.customerId, message: { title: 'Reste à régler', body: `Il reste ${formatEuros(due)} à régler sur votre commande${row.invoiceNumber ? ` ${row.invoiceNumber}` : ''}\u00a0: réglez-le depuis votre compte.`, tag: `commande-${row.id}`, url: orderPageOf(row.id) } }],
      { ttl: DUE_PUSH_TTL_S, urgency: 'normal', expiresAt: new Date(now.getTime() + DUE_PUSH_TTL_S * 1000) },
    );
  }

  const result: Settled = {
    order: row.id,
    invoice: row.invoiceNumber,
    outcome: delivered ? 'delivered' : 'absent',
    vouchersShortCents: vouchers.short,
    poolCreditedCents: vouchers.credited,
    vouchersHeldCents: vouchers.held,
    containersDeclared: declared,
    containersReceived: received,
    containersHeld: containers.held,
    balanceDueCents: due,
  };
  await audit(tx, actor, { action: 'round.settled', orderId: row.id, customerId: row.customerId, amountCents: due || vouchers.credited || null, deviceAt: at, details: { tour: round.tourName, date: round.date, ...result, vouchers: rows } }, now);
  return result;
}

/** The customer's mail when the courier got less than declared: what is missing, and how much. */
function balanceDueMail(customer: { email: string; firstname: string }, invoice: string | null, date: string, vouchersShortCents: number, containersOwed: number) {
  const missing = [
    vouchersShortCents ? `- des titres-restaurant papier pour ${formatEuros(vouchersShortCents)} (moins que ceux déclarés à la commande) ;` : null,
    containersOwed
      ? `- ${plural(containersOwed, 'contenant consigné annoncé et non rendu', 'contenants consignés annoncés et non rendus')} (${formatEuros(containersOwed * DEPOSIT_PER_MENU_CENTS)}) ;`
      : null,
  ].filter((line): line is string => line !== null);
  const total = formatEuros(vouchersShortCents + containersOwed * DEPOSIT_PER_MENU_CENTS);
  return {
    to: customer.email,
    subject: `Reste à régler sur votre commande Popote${invoice ? ` ${invoice}` : ''}`,
    text: [
      `Bonjour ${customer.firstname},`,
      '',
      `Lors de la livraison du ${frenchLongDate(date)}${invoice ? ` (commande ${invoice})` : ''}, il manquait :`,
      ...missing,
      '',
      `Reste à régler : ${total}. Vous le retrouvez dans votre compte, rubrique « Mes commandes ».`,
      containersOwed ? 'Ces contenants restent consignés à votre nom : rendus lors d’une prochaine livraison, ils vous seront décomptés comme d’habitude.' : null,
      'Une question, une erreur ? Répondez simplement à ce message.',
      '',
      'L’équipe Popote',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  };
}
