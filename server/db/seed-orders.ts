import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { addDays, weekday } from '#shared/time';
import { vatIncluded } from '../lib/vat';
import { recordCorrection, recordPlacement } from '../modules/ledger/ledger.service';
import { nextInvoiceNumber } from './invoice-numbers';
import type { Tx } from './client';
import * as t from './schema';
import type { SnapshotLine } from './schema';

/** Formulas are sold at the take-away food rate. */
const FORMULA_VAT_BP = 1000;

function previousWorkingDays(from: string, count: number): string[] {
  const days: string[] = [];
  for (let d = addDays(from, -1); days.length < count; d = addDays(d, -1)) if (weekday(d) !== 0 && weekday(d) !== 6) days.push(d);
  return days;
}

/**
 * The demo customer's history, so the account shows orders, invoices and a pool from the first
 * start: seven delivered orders on the past working days and one for the next delivery day. Added
 * once (only when the customer has no order yet).
 */
export async function seedDemoOrders(tx: Tx, customerId: number, nextDay: string) {
  const [existing] = await tx.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.customerId, customerId)).limit(1);
  if (existing) return;
  const [menu] = await tx.select().from(t.menus).where(eq(t.menus.slug, 'formule-complete'));
  const [location] = await tx.select().from(t.deliveryLocations).orderBy(t.deliveryLocations.position).limit(1);
  if (!menu || !location) return;
  const dishes = await tx.select().from(t.products);
  const bySlug = new Map(dishes.map((d) => [d.slug, d]));
  const picks = [
    ['salade-lyonnaise', 'quenelle-nantua', 'bugnes-lyonnaises', 'tarte-tatin'],
    ['veloute-potimarron', 'poulet-morilles', 'mousse-chocolat', 'cervelle-de-canut'],
    ['poireaux-vinaigrette', 'parmentier-canard', 'tarte-pralines-roses', null],
    ['salade-lentilles-puy', 'risotto-cepes', 'poire-pochee-beaujolais', 'pate-en-croute'],
    ['betteraves-chevre-noix', 'dahl-lentilles-puy', 'crumble-pommes-coings', null],
    ['cervelle-de-canut', 'joue-de-boeuf-cotes-du-rhone', 'fromage-blanc-creme-marrons', 'oeufs-en-meurette'],
    ['salade-lyonnaise', 'truite-beurre-blanc', 'mousse-chocolat', null],
    ['veloute-potimarron', 'gratin-cardons', 'bugnes-lyonnaises', 'salade-lyonnaise'],
  ] as const;
  const days = [...previousWorkingDays(nextDay, picks.length - 1).reverse(), nextDay];
  const categories = ['Entrée', 'Plat', 'Dessert'];
  // The coming order is on a stop of a tour, in its window, as a checkout would place it: the team's
  // board, kitchen sheet and round show it where it will be delivered (not « Sans tournée »). The
  // point's second window when it has one (12:15–13:00 at the first point), the one most chosen.
  const windows = await tx
    .select()
    .from(t.deliveries)
    .where(and(eq(t.deliveries.deliveryLocationId, location.id), eq(t.deliveries.date, nextDay)))
    .orderBy(asc(t.deliveries.startsAt));
  const stop = windows[1] ?? windows[0];

  for (const [i, [starter, main, dessert, extraDish]] of picks.entries()) {
    const date = days[i]!;
    const single = extraDish ? bySlug.get(extraDish) : undefined;
    const itemsCents = menu.priceCents + (single?.priceCents ?? 0);
    const totalCents = itemsCents + DEPOSIT_PER_MENU_CENTS;
    const vatCents = vatIncluded(menu.priceCents, FORMULA_VAT_BP) + (single ? vatIncluded(single.priceCents, single.vatRateBp) : 0);
    const [order] = await tx
      .insert(t.orders)
      .values({
        customerId,
        // Past deliveries are delivered (2); the coming one is paid (1).
        status: date === nextDay ? 1 : 2,
        state: date === nextDay ? 'placed' : 'delivered',
        invoiceNumber: await nextInvoiceNumber(tx, Number(date.slice(0, 4))),
        amountTotalCents: totalCents,
        vatCents,
        depositCents: DEPOSIT_PER_MENU_CENTS,
        depositChargedCents: DEPOSIT_PER_MENU_CENTS,
        paymentMeans: i === 2 ? [{ means: 'pool', amountCents: 650 }, { means: 'card', amountCents: totalCents - 650 }] : [{ means: 'card', amountCents: totalCents }],
        deliveryId: date === nextDay ? (stop?.id ?? null) : null,
        deliveryDate: date,
        deliveryStart: date === nextDay && stop ? stop.startsAt : '12:00:00',
        deliveryEnd: date === nextDay && stop ? stop.endsAt : '13:30:00',
        deliveryName: location.name,
        createdAt: new Date(`${addDays(date, -1)}T16:${String(10 + i).padStart(2, '0')}:00Z`),
      })
      .returning();
    const [parent] = await tx
      .insert(t.orderProducts)
      .values({ orderId: order!.id, buyableType: 'menu', buyableId: menu.id, name: menu.name, unitPriceCents: menu.priceCents, quantity: 1, vatRateBp: FORMULA_VAT_BP })
      .returning();
    const children = [starter, main, dessert].map((slug, c) => {
      const dish = bySlug.get(slug)!;
      return { orderId: order!.id, parentId: parent!.id, buyableType: 'product', buyableId: dish.id, name: dish.name, categoryName: categories[c]!, unitPriceCents: 0, quantity: 1, vatRateBp: dish.vatRateBp };
    });
    await tx.insert(t.orderProducts).values(children);
    if (single) {
      await tx
        .insert(t.orderProducts)
        .values({ orderId: order!.id, buyableType: 'product', buyableId: single.id, name: single.name, unitPriceCents: single.priceCents, quantity: 1, vatRateBp: single.vatRateBp });
    }
    // The money and the container through the ledger, as a checkout would: the third order paid
    // 6,50 € from the pool the two first days' paper vouchers had filled, the others by card.
    if (i === 0 || i === 1) await recordCorrection(tx, { customerId, what: 'pool', delta: i === 0 ? 1000 : 1500, at: new Date(`${date}T07:30:00Z`), code: 'vouchers_excess' });
    const pool = i === 2 ? 650 : 0;
    const paymentId = date === nextDay ? await seedCardPayment(tx, { order: order!, customerId, deliveryId: stop?.id ?? null, lines: snapshotOf(menu, children, single), amount: totalCents - pool }) : null;
    await recordPlacement(tx, {
      order: order!,
      at: order!.createdAt,
      totalCents,
      containersAdded: 1,
      containersReturned: 0,
      vouchersPart: 0,
      vouchersExcess: 0,
      pool,
      edenred: 0,
      provider: { means: 'card', amount: totalCents - pool, paymentId },
    });
    // The coming order's portions are taken from its day's stock, as its cart's were.
    if (date === nextDay) {
      const dishIds = [...children.map((c) => c.buyableId), ...(single ? [single.id] : [])];
      await tx
        .update(t.productAvailabilities)
        .set({ reserved: sql`${t.productAvailabilities.reserved} + 1` })
        .where(and(eq(t.productAvailabilities.date, date), inArray(t.productAvailabilities.productId, dishIds)));
    }
  }
  // Each delivered order's container came back at a later delivery: the demo holds two, one of
  // them still on its way (the coming order's) — the seeded pool is 18,50 €.
  await recordCorrection(tx, { customerId, what: 'containers', delta: 2 - picks.length, at: new Date(`${days[picks.length - 2]}T12:30:00Z`), code: 'containers_returned' });
}

/** What a pre-order keeps of the order's lines: the formula with its dishes, and a dish alone. */
function snapshotOf(
  menu: { id: number; name: string; priceCents: number },
  children: { buyableId: number; name: string; categoryName: string; vatRateBp: number }[],
  single: { id: number; name: string; priceCents: number; vatRateBp: number } | undefined,
): SnapshotLine[] {
  return [
    {
      type: 'menu',
      id: menu.id,
      name: menu.name,
      unitPriceCents: menu.priceCents,
      quantity: 1,
      vatRateBp: FORMULA_VAT_BP,
      children: children.map((c) => ({ id: c.buyableId, name: c.name, category: c.categoryName, unitPriceCents: 0, vatRateBp: c.vatRateBp })),
    },
    ...(single ? [{ type: 'product' as const, id: single.id, name: single.name, unitPriceCents: single.priceCents, quantity: 1, vatRateBp: single.vatRateBp, children: [] }] : []),
  ];
}

/**
 * The coming order's card payment, as PayGreen's sandbox would have taken it: its pre-order (what
 * it ordered), the payment order at the emulator (so the team can refund it) and the shop's record
 * of the payment. Answers the payment's id, which the ledger's placement names.
 */
async function seedCardPayment(
  tx: Tx,
  p: { order: typeof t.orders.$inferSelect; customerId: number; deliveryId: number | null; lines: SnapshotLine[]; amount: number },
): Promise<number> {
  const [pre] = await tx
    .insert(t.preOrders)
    .values({ customerId: p.customerId, deliveryId: p.deliveryId, deliveryDate: p.order.deliveryDate!, lines: p.lines, finalCents: p.order.amountTotalCents, depositsAdded: 1, orderId: p.order.id, createdAt: p.order.createdAt })
    .returning({ id: t.preOrders.id });
  await tx.update(t.orders).set({ preOrderId: pre!.id }).where(eq(t.orders.id, p.order.id));
  const providerId = `po_demo${String(p.order.id).padStart(6, '0')}`;
  await tx.insert(t.sandboxPaygreenOrders).values({
    id: providerId,
    amount: p.amount,
    currency: 'eur',
    reference: `popote-${pre!.id}-demo`,
    status: 'successed',
    returnUrl: `/api/payment/paygreen/return?po_id=${providerId}`,
    createdAt: p.order.createdAt,
    updatedAt: p.order.createdAt,
  });
  const [payment] = await tx
    .insert(t.payments)
    .values({ preOrderId: pre!.id, customerId: p.customerId, provider: 'paygreen', providerId, amountCents: p.amount, status: 'successed', orderId: p.order.id, createdAt: p.order.createdAt })
    .returning({ id: t.payments.id });
  return payment!.id;
}
