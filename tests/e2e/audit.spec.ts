import { randomUUID } from 'node:crypto';
import { addDays, frenchLongDate, parisInstant, weekday } from '#shared/time';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { checkScreen } from './screen-check';
import { logInTeam } from './team-steps';
import { readJson } from './api-read';

/**
 * The audit page says what a change did, value by value: an admin loads a dish at 5,50 €, VAT
 * 10 %, then at 0,01 € and 20 %, raises its cap, gives a member a second role, and reads each
 * line's values before and after in the day's journal. On a day of the test's own (its sandbox
 * clock moved there), phone and desktop apart, so its journal holds its own lines only.
 */

/** A working day three weeks ahead (the team spec's are next week's), the first for the phone, the second for the desktop, made this test's today. */
async function privateDay(request: APIRequestContext, project: string): Promise<string> {
  const today = ((await readJson(request, '/api/state')) as { current_delivery_date: string }).current_delivery_date;
  let day = addDays(today, 21);
  for (let found = 0; ; day = addDays(day, 1)) {
    if (weekday(day) === 0 || weekday(day) === 6) continue;
    if (found++ === (project === 'phone' ? 0 : 1)) break;
  }
  expect((await request.post('/__sandbox/clock', { data: { now: parisInstant(day, '09:00').toISOString() } })).ok()).toBe(true);
  return day;
}

/** The team's calls beside the page: its cookies, its anti-forgery token, a key per change. */
async function teamCall(page: Page, method: 'POST' | 'PUT' | 'PATCH', path: string, options: { data?: unknown; multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }> }) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-STAFF')!.value;
  const res = await page.request.fetch(path, { method, ...options, headers: { 'x-xsrf-token': token, 'idempotency-key': randomUUID() } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

test('the journal shows each change’s values before and after: a dish’s price and VAT rate, a stock cap, a member’s roles', async ({ page, request }, info) => {
  const day = await privateDay(request, info.project.name);
  await logInTeam(page, 'admin@popote.fr');

  // A dish of this run's own: a retry finds the first run's lines in the same day's journal.
  const slug = `prix-audite-${info.project.name}-${info.retry}`;
  const name = `Velouté audité (${info.project.name} ${info.retry})`;
  const dish = { slug, name, short_description: 'Potimarron et châtaigne.', description: 'Un velouté du jour.', ingredients: ['potimarron', 'châtaigne'], allergens: [], category: 'starter' };
  const load = (price_cents: number, vat_rate: number, stock: number) =>
    teamCall(page, 'POST', '/api/staff/catalog-import', {
      multipart: { catalog: { name: 'carte.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ dates: [day], products: [{ ...dish, price_cents, vat_rate }], availability: [{ slug, stock }] })) } },
    });
  await load(550, 10, 10);
  // The cook's slip: 0,01 € and 20 %.
  await load(1, 20, 10);
  const stock = (await readJson(page.request, `/api/staff/stock?date=${day}`)) as { dishes: { product_id: number; name: string }[] };
  const productId = stock.dishes.find((d) => d.name === name)!.product_id;
  await teamCall(page, 'PUT', `/api/staff/stock/${day}/${productId}`, { data: { quantity: 12 } });
  // The invitation answers the member and how their link travels.
  const { member } = (await teamCall(page, 'POST', '/api/staff/members', { data: { email: `roles-${info.project.name}-${Date.now()}@popote.fr`, name: 'Camille Audit', roles: ['livreur'] } })) as {
    member: { id: number; email: string };
  };
  await teamCall(page, 'PATCH', `/api/staff/members/${member.id}`, { data: { roles: ['livreur', 'cuisine'] } });

  await page.goto(`/equipe/journal?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Journal/ })).toBeVisible();
  const rows = page.getByRole('row');
  const imports = rows.filter({ hasText: 'Carte importée' }).filter({ hasText: name });
  await expect(imports).toHaveCount(2);
  await expect(imports.first()).toContainText(`${name} (nouveau plat) : Prix : 5,50\u00a0€ ; TVA : 10\u00a0% ; Nom : « ${name} »`);
  await expect(imports.first()).toContainText(`${name}, ${frenchLongDate(day)} : À la carte : non → oui ; Stock : 10`);
  await expect(imports.last()).toContainText(`${name} : Prix : 5,50\u00a0€ → 0,01\u00a0€ ; TVA : 10\u00a0% → 20\u00a0%`);
  await expect(rows.filter({ hasText: 'Stock modifié' }).filter({ hasText: name })).toContainText(`${name}, ${frenchLongDate(day)} : Stock : 10 → 12`);
  await expect(rows.filter({ hasText: 'Rôles modifiés' })).toContainText(`${member.email} : Rôles : Livraison → Livraison, Cuisine`);
  await expect(rows.filter({ hasText: 'Invitation d’un membre' })).toContainText(`${member.email} : Rôles : Livraison`);
  // The journal in words: each line's sentence first, naming the member, the dish, the day.
  await expect(rows.filter({ hasText: 'Stock modifié' }).filter({ hasText: name })).toContainText(`Alice Admin a changé le stock de « ${name} » du ${frenchLongDate(day)} : 10 → 12`);
  await expect(rows.filter({ hasText: 'Rôles modifiés' })).toContainText('Alice Admin a changé les rôles de Camille Audit : Livraison → Livraison, Cuisine');
  await expect(rows.filter({ hasText: 'Invitation d’un membre' })).toContainText('Alice Admin a invité Camille Audit');
  await checkScreen(page, 'equipe-journal-valeurs');
});
