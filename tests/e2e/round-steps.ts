import type { Menu } from '#shared/api/catalog';
import type { RoundEvent } from '#shared/api/courier-round';
import type { DeliveryLocation } from '#shared/api/delivery';
import { addDays, parisInstant, weekday } from '#shared/time';
import { expect, type APIRequestContext, type Page } from './fixtures';
import { postAgainWhileShed, readJson } from './api-read';

/** The courier's round in the browser: a private day and tour, a customer's order on it, the phone's kept events (round.spec.ts, round-phone.spec.ts). */

/**
 * A working day no other test orders for, made this test's today: the first weekday `ahead` days
 * ahead (2 for round.spec.ts, 3 for round-phone.spec.ts), before the week ahead (the markup
 * test's day) and the team's test's days after it, within the ten working days that have slots.
 */
export async function privateDay(request: APIRequestContext, ahead = 2): Promise<string> {
  const today = ((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date;
  let day = addDays(today, ahead);
  while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
  expect(day < addDays(today, 7)).toBe(true);
  expect((await request.post('/__sandbox/clock', { data: { now: parisInstant(day, '09:00').toISOString() } })).ok()).toBe(true);
  expect(((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date).toBe(day);
  return day;
}

/**
 * A tour of the private day for this run alone (phone, desktop, and each retry its own): its round
 * holds this run's bags only, so it can be closed. The day's public tours, by name.
 */
export async function privateTour(request: APIRequestContext, slot: number): Promise<string> {
  const locations = (await readJson(request, '/api/delivery-locations')) as DeliveryLocation[];
  const tours = [...new Set(locations.filter((l) => !l.is_private).flatMap((l) => l.deliveries.map((d) => d.tour.name)))].sort();
  expect(tours.length).toBeGreaterThan(slot);
  return tours[slot]!;
}

const cookieOf = async (request: APIRequestContext, name: string) => (await request.storageState()).cookies.find((c) => c.name === name)?.value ?? '';

/** A customer's calls (the test's `request`, in its sandbox scope), with the shop's anti-forgery token. */
export function customerCalls(request: APIRequestContext) {
  return async (path: string, data?: unknown) => {
    if (!(await cookieOf(request, 'XSRF-TOKEN'))) await request.get('/api/csrf-cookie');
    const res = await postAgainWhileShed(request, path, { data, headers: { 'x-xsrf-token': await cookieOf(request, 'XSRF-TOKEN') } });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

/**
 * Paper vouchers that pay `cents` as the shop allows (no more than the need plus one ticket):
 * `count` tickets of one value; within `cents` when it is a cap, not a need.
 */
function ticketsFor(cents: number, count: number, cap = false) {
  const unit = cap ? Math.floor(cents / count) : Math.ceil(cents / count);
  expect(unit).toBeLessThanOrEqual(19_00);
  return { count, unit };
}

/**
 * The customer orders for the scope's day: `formulas` formulas (a container each) or a dish,
 * `returned` containers given back, paid with `tickets` paper vouchers as far as meal vouchers may
 * pay (the meal, 25 € a day), and the rest (the deposits) by card. Answers the order.
 */
export async function order(request: APIRequestContext, what: { formulas?: number; dish?: boolean; returned?: number; tickets: number; tour?: string }) {
  const call = customerCalls(request);
  if (what.formulas) {
    const menus = (await readJson(request, '/api/menus')) as Menu[];
    const menu = menus.find((m) => m.categories.filter((c) => c.required).every((c) => c.products.some((p) => !p.sold_out)))!;
    const sub_products = Object.fromEntries(menu.categories.filter((c) => c.required).map((c) => [String(c.id), c.products.find((p) => !p.sold_out)!.id]));
    const cart = (await call('/api/cart/menus', { menu: { id: menu.id, sub_products, additional_products: {} } })) as { products: { unique_id: string }[] };
    for (let i = 1; i < what.formulas; i++) await call('/api/cart/increment', { id: cart.products[0]!.unique_id });
  }
  if (what.dish) {
    const dishes = (await readJson(request, '/api/products')) as { id: number; price: number; sold_out: boolean; category: string }[];
    await call('/api/cart/products', { id: dishes.find((d) => !d.sold_out && d.category === 'main')!.id });
  }
  for (let i = 0; i < (what.returned ?? 0); i++) await call('/api/cart/deposits');
  const locations = (await readJson(request, '/api/delivery-locations')) as DeliveryLocation[];
  const deliveries = locations
    .filter((l) => !l.is_private)
    .sort((a, b) => a.id - b.id)
    .flatMap((l) => l.deliveries)
    .filter((d) => !what.tour || d.tour.name === what.tour);
  await call('/api/deliveries', { id: deliveries[0]!.id });
  const validated = (await call('/api/cart/validate')) as { remaining_price: number; meal_vouchers: { left: number } };
  const capped = validated.meal_vouchers.left < validated.remaining_price;
  const tickets = ticketsFor(Math.min(validated.remaining_price, validated.meal_vouchers.left), what.tickets, capped);
  await call('/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: tickets.count, amount: tickets.unit / 100 }] });
  const ordersBefore = await ordersOf(request);
  const pre = (await call('/api/pending-order/pool')) as { remaining_price: number };
  if (pre.remaining_price > 0) {
    // The card pays the rest, as PayGreen's notification says.
    const { po_id: poId } = (await call('/api/payment/paygreen')) as { po_id: string };
    expect((await request.post(`/__sandbox/paygreen/payment-orders/${poId}/outcome`, { data: { status: 'successed' } })).ok()).toBe(true);
    await expect.poll(async () => (await ordersOf(request)).length).toBe(ordersBefore.length + 1);
  } else {
    await call('/api/payment');
  }
  const placed = (await ordersOf(request)).sort((a, b) => b.id - a.id)[0]!;
  return { id: placed.id, invoice: placed.invoice_number, paid: validated.remaining_price - pre.remaining_price, tickets };
}

async function ordersOf(request: APIRequestContext) {
  return ((await readJson(request, '/api/me')) as { orders: { id: number; invoice_number: string }[] }).orders;
}

/** A team member's calls through the test's own request context (its cookies), with the team's token. */
export function staffCalls(request: APIRequestContext) {
  return async (path: string, data?: unknown) => {
    const res = await postAgainWhileShed(request, path, { data, headers: { 'x-xsrf-token': await cookieOf(request, 'XSRF-STAFF') } });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

/** The events the phone keeps (IndexedDB, src/equipe/round/outbox.ts), as the page reads them. */
export function keptEvents(page: Page): Promise<{ event: RoundEvent; status: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('popote-round');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('events').objectStore('events').getAll();
          read.onsuccess = () => resolve(read.result as { event: RoundEvent; status: string }[]);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** Waits until the app has taken the page over (the fixtures' goto does it for the test's own page). */
export const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 45_000 });

export const outbox = (page: Page) => page.getByTestId('round-outbox');
export const bag = (page: Page, invoice: string) => page.getByRole('listitem', { name: new RegExp(invoice) });
