import { sql } from 'drizzle-orm';
import { addDays, parisDate, weekday } from '#shared/time';
import type { Db } from './client';
import * as t from './schema';
import { dishes, formulas, locations } from './seed-data';

/** How many working days ahead the demo has delivery slots. */
export const WORKING_DAYS_AHEAD = 10;

const SETTINGS: Record<string, string> = {
  enable_cutlery: '1',
  enable_tote_bags: '1',
  enable_paper_lunch_vouchers: '1',
  facebook_url: 'https://www.facebook.com/popote.lyon',
  twitter_url: 'https://twitter.com/popote_lyon',
  instagram_url: 'https://www.instagram.com/popote.lyon',
  youtube_url: 'https://www.youtube.com/@popote-lyon',
  delivery_map_default_latitude: '45.7578',
  delivery_map_default_longitude: '4.8320',
  orders_opening_hour: '15:00',
  // What a customer's sponsor code gives a friend's first order: amount_type 1 percent, else cents.
  sponsor_discount_amount_type: '2',
  sponsor_discount_amount: '500',
  alert_homepage_bool: '0',
  alert_homepage_text: 'Jeudi, pensez à commander avant 10h30 : le marché de Noël ralentit nos triporteurs.',
  // The homepage pop-in shows once per visitor when a text is set (empty: no pop-in).
  homepage_popin_title: '',
  homepage_popin_text: '',
};

const CONTACT_TYPES: [string, string][] = [
  ['order', 'Une question sur ma commande'],
  ['delivery', 'Livraison et points de livraison'],
  ['deposit', 'La consigne'],
  ['invoice', 'Facturation et paiement'],
  ['company', 'Un point de livraison pour mon entreprise'],
  ['job', 'Candidature'],
  ['other', 'Autre demande'],
  // Job subjects ('job' and 'job-…'): only the application form offers them (docs/product/contact.md).
  ['job-cook', 'Poste : cuisinier ou cuisinière'],
  ['job-kitchen', 'Poste : commis de cuisine et plonge'],
  ['job-delivery', 'Poste : livreur ou livreuse à triporteur'],
  ['job-service', 'Poste : chargé ou chargée de service client'],
];

/** The next working days (Monday to Friday) from a Paris date, that date included. */
export function workingDays(from: string, count: number): string[] {
  const days: string[] = [];
  for (let d = from; days.length < count; d = addDays(d, 1)) {
    const wd = weekday(d);
    if (wd !== 0 && wd !== 6) days.push(d);
  }
  return days;
}

/**
 * The shop's reference data, idempotent: settings, contact request types, the dishes and formulas,
 * the tours and delivery points, and their slots and the kitchen's availability WORKING_DAYS_AHEAD
 * working days ahead of `now` (re-run on a later day, it adds the new days). It inserts what is
 * missing and never overwrites what an operator changed. No customer, code or order: those are
 * the demo's (seed-demo.ts).
 */
export async function seedReference(db: Db, now: Date): Promise<void> {
  const days = workingDays(parisDate(now), WORKING_DAYS_AHEAD);

  await db.transaction(async (tx) => {
    await tx
      .insert(t.settings)
      .values(Object.entries(SETTINGS).map(([name, value]) => ({ name, value })))
      .onConflictDoNothing();
    await tx
      .insert(t.contactTypes)
      .values(CONTACT_TYPES.map(([key, label], position) => ({ key, label, position })))
      .onConflictDoNothing();

    await tx
      .insert(t.products)
      .values(
        dishes.map((d) => ({
          slug: d.slug,
          name: d.name,
          shortDescription: d.shortDescription,
          description: d.description,
          ingredients: d.ingredients,
          allergens: d.allergens,
          tags: d.tags,
          category: d.category,
          priceCents: d.priceCents,
          vatRateBp: d.vatRateBp,
          nutrition: d.nutrition,
          coverUrl: d.cover,
        })),
      )
      .onConflictDoNothing();
    const productIds = new Map((await tx.select({ id: t.products.id, slug: t.products.slug }).from(t.products)).map((p) => [p.slug, p.id]));

    for (const [position, f] of formulas.entries()) {
      await tx
        .insert(t.menus)
        .values({ slug: f.slug, name: f.name, description: f.description, priceCents: f.priceCents, position })
        .onConflictDoNothing();
      const [menu] = await tx.select({ id: t.menus.id }).from(t.menus).where(sql`${t.menus.slug} = ${f.slug}`);
      for (const [catPosition, c] of f.categories.entries()) {
        await tx
          .insert(t.menuCategories)
          .values({ menuId: menu!.id, name: c.name, type: c.type, required: c.required, position: catPosition })
          .onConflictDoNothing();
        const [category] = await tx
          .select({ id: t.menuCategories.id })
          .from(t.menuCategories)
          .where(sql`${t.menuCategories.menuId} = ${menu!.id} and ${t.menuCategories.name} = ${c.name}`);
        await tx
          .insert(t.menuCategoryProducts)
          .values(
            c.dishes.map((slug, i) => ({
              menuCategoryId: category!.id,
              productId: mustGet(productIds, slug),
              extraPriceCents: c.extraPrices?.[slug] ?? 0,
              position: i,
            })),
          )
          .onConflictDoNothing();
      }
    }

    const tourNames = new Map<string, string>();
    for (const l of locations) for (const tour of l.tours) tourNames.set(tour.name, tour.orderTimeLimit);
    await tx
      .insert(t.tours)
      .values([...tourNames].map(([name, orderTimeLimit]) => ({ name, orderTimeLimit })))
      .onConflictDoNothing();
    const tourIds = new Map((await tx.select({ id: t.tours.id, name: t.tours.name }).from(t.tours)).map((r) => [r.name, r.id]));

    await tx
      .insert(t.deliveryLocations)
      .values(
        locations.map((l, position) => ({
          name: l.name,
          address: l.address,
          company: l.company,
          latitude: l.latitude,
          longitude: l.longitude,
          isPrivate: l.isPrivate,
          accessEmailDomain: l.accessEmailDomain ?? null,
          accessCode: l.accessCode ?? null,
          position,
        })),
      )
      .onConflictDoNothing();
    const locationIds = new Map(
      (await tx.select({ id: t.deliveryLocations.id, name: t.deliveryLocations.name }).from(t.deliveryLocations)).map((r) => [r.name, r.id]),
    );

    await tx
      .insert(t.deliveries)
      .values(
        days.flatMap((date) =>
          locations.flatMap((l) =>
            l.tours.map((tour) => ({
              deliveryLocationId: mustGet(locationIds, l.name),
              tourId: mustGet(tourIds, tour.name),
              date,
              startsAt: `${tour.startsAt}:00`,
              endsAt: `${tour.endsAt}:00`,
            })),
          ),
        ),
      )
      .onConflictDoNothing();

    // Each tour's stops in the order of the points' positions (an admin reorders them later).
    const stops = [...tourIds].flatMap(([name, tourId]) =>
      locations
        .filter((l) => l.tours.some((tour) => tour.name === name))
        .map((l, i) => ({ tourId, deliveryLocationId: mustGet(locationIds, l.name), position: i + 1 })),
    );
    if (stops.length) await tx.insert(t.tourStops).values(stops).onConflictDoNothing();

    // The kitchen cooks every dish every working day; a few popular mains have a daily stock.
    await tx
      .insert(t.productAvailabilities)
      .values(
        days.flatMap((date) =>
          dishes.map((d, i) => ({
            productId: mustGet(productIds, d.slug),
            date,
            stock: d.category === 'main' && i % 4 === 0 ? 40 : null,
          })),
        ),
      )
      .onConflictDoNothing();

  });
}

function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to an unknown entry: ${String(key)}`);
  return value;
}
