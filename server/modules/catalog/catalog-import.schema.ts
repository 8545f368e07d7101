import { z } from 'zod';
import { DATE_CEILING, DATE_FLOOR } from '#shared/api/fields';
import { isCalendarDate } from '#shared/time';

/**
 * The file an operator loads with `npm run catalog:import FILE`: the dishes to create or update and
 * what the kitchen cooks on one or more delivery dates. Field names follow the API (snake_case);
 * messages are French because the operator reads them.
 */

/** The 14 allergens EU regulation 1169/2011 requires to declare, spelled as the site shows them. */
export const ALLERGENS = [
  'gluten',
  'crustacés',
  'œufs',
  'poissons',
  'arachides',
  'soja',
  'lait',
  'fruits à coque',
  'céleri',
  'moutarde',
  'sésame',
  'sulfites',
  'lupin',
  'mollusques',
] as const;

export const CATEGORIES = ['starter', 'main', 'dessert', 'drink'] as const;

/** French VAT rates a dish can be sold at, in percent; stored as basis points (10 → 1000). */
export const VAT_RATES = [5.5, 10, 20] as const;

export const MAX_PRICE_CENTS = 100_000;
/** Far above any day's cooking; it only keeps a typo from overflowing the integer column. */
export const MAX_STOCK = 100_000;

/*
 * Whole numbers are checked with refine, not .int(): a failed .int() stops zod from running the
 * duplicate checks of the enclosing list, and the operator should get every error in one pass.
 */

/**
 * A message for a failed check, but not for a missing field: returning undefined lets the parse's
 * error map say "champ obligatoire manquant", which is the real problem then.
 */
const unlessMissing = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? undefined : message);

/** Kebab-case ASCII with at least one letter: an all-digit slug would be read as an id by /api/products/:id. */
const SLUG = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z
  .string()
  .max(120, { error: 'Le slug fait au plus 120 caractères.' })
  .regex(SLUG, { error: 'Slug invalide : lettres minuscules sans accents, chiffres et tirets, comme « gratin-dauphinois ».' });

/** The API's date rules (src/shared/api/fields.ts), with the operator's example. */
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La date doit être au format AAAA-MM-JJ, comme « 2026-11-24 ».', abort: true })
  .refine(isCalendarDate, { error: 'Cette date n’existe pas dans le calendrier.', abort: true })
  .refine((value) => value >= DATE_FLOOR && value <= DATE_CEILING, { error: 'La date doit être comprise entre 2000 et 2099.' });

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} ne peut pas être vide.` })
    .max(max, { error: `${label} fait au plus ${max} caractères.` });

const PRICE_MESSAGE = `Le prix doit être un nombre entier de centimes entre 1 et ${MAX_PRICE_CENTS} : 1190 pour 11,90\u00a0€.`;
const STOCK_MESSAGE = `Le stock doit être un nombre entier de portions entre 0 et ${MAX_STOCK}, ou null pour ne pas limiter.`;

const grams = (label: string) =>
  z
    .number()
    .min(0, { error: `${label} ne peut pas être négatif.` })
    .max(1000, { error: `${label} : au plus 1000 g par portion.` });

const nutritionSchema = z.strictObject({
  kcal: z.number().min(0, { error: 'Les calories ne peuvent pas être négatives.' }).max(5000, { error: 'Au plus 5000 kcal par portion.' }),
  proteins_g: grams('Les protéines'),
  carbs_g: grams('Les glucides'),
  fat_g: grams('Les lipides'),
});

/**
 * A dish. Every field is required except tags, cover_url, photo and nutrition: leaving one of those
 * out keeps the current value of an existing dish (empty for a new one), null clears it. Allergens
 * are required on purpose: an empty list must be a statement, not an omission. A photo (JPEG, PNG,
 * HEIC) is a file beside the catalog file, made into the site's variants by server/media/; it
 * replaces cover_url, so the two are not given together.
 */
const catalogProductFields = z.strictObject({
  slug: slugSchema,
  name: text('Le nom', 80),
  short_description: text('La description courte', 140),
  description: text('La description', 2000),
  ingredients: z.array(text('Un ingrédient', 120)).max(60, { error: 'Au plus 60 ingrédients.' }),
  allergens: z.array(
    z.enum(ALLERGENS, {
      error: unlessMissing(`Allergène inconnu : choisissez parmi ${ALLERGENS.map((a) => `« ${a} »`).join(', ')}.`),
    }),
    { error: (issue) => (issue.input === undefined ? 'Champ obligatoire manquant : la liste des allergènes, [] s’il n’y en a aucun.' : undefined) },
  ),
  tags: z.array(text('Une étiquette', 40)).max(12, { error: 'Au plus 12 étiquettes.' }).optional(),
  category: z.enum(CATEGORIES, { error: unlessMissing('La catégorie doit être « starter », « main », « dessert » ou « drink ».') }),
  price_cents: z
    .number({ error: unlessMissing(PRICE_MESSAGE) })
    .refine(Number.isInteger, { error: PRICE_MESSAGE })
    .positive({ error: PRICE_MESSAGE })
    .max(MAX_PRICE_CENTS, { error: PRICE_MESSAGE }),
  vat_rate: z.literal(VAT_RATES, { error: unlessMissing('Le taux de TVA doit être 5.5, 10 ou 20 (en %).') }),
  cover_url: z
    .string()
    .max(300, { error: 'L’adresse de l’image fait au plus 300 caractères.' })
    .regex(/^(\/|https:\/\/)\S+$/, { error: 'L’image doit être un chemin du site (« /images/dishes/….svg ») ou une adresse https://.' })
    .nullable()
    .optional(),
  photo: z
    .string()
    .max(300, { error: 'Le chemin de la photo fait au plus 300 caractères.' })
    .regex(/^(?![/\\])(?!.*(^|[/\\])\.\.([/\\]|$))[^\0]+$/, {
      error: 'La photo se donne par un chemin relatif au fichier du catalogue, comme « photos/gratin-dauphinois.jpg ».',
    })
    .optional(),
  nutrition: nutritionSchema.nullable().optional(),
});

export const catalogProductSchema = catalogProductFields.refine((p) => p.photo === undefined || p.cover_url === undefined, {
  path: ['photo'],
  error: 'Donnez photo ou cover_url, pas les deux : la photo devient l’image du plat.',
});

export const availabilityEntrySchema = z.strictObject({
  slug: slugSchema,
  // Required, null included: a forgotten stock must not silently mean "unlimited".
  stock: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Stock manquant : le nombre de portions cuisinées, ou null pour ne pas limiter.' : STOCK_MESSAGE,
    })
    .refine(Number.isInteger, { error: STOCK_MESSAGE })
    .min(0, { error: STOCK_MESSAGE })
    .max(MAX_STOCK, { error: STOCK_MESSAGE })
    .nullable(),
});

/**
 * Reports a value met twice in a list, at the second occurrence. It runs even when other entries
 * are invalid (`when`), so one pass lists every problem, hence the defensive reads.
 */
function noDuplicates(list: string, read: (item: unknown) => unknown, field: string | null, what: string) {
  return z.superRefine<unknown[]>(
    (items, ctx) => {
      if (!Array.isArray(items)) return;
      const seen = new Map<string, number>();
      items.forEach((item, index) => {
        const value = read(item);
        if (typeof value !== 'string') return;
        const first = seen.get(value);
        if (first === undefined) {
          seen.set(value, index);
          return;
        }
        ctx.addIssue({
          code: 'custom',
          input: value,
          path: field === null ? [index] : [index, field],
          message: `${what} « ${value} » apparaît deux fois (déjà en ${list}[${first}]).`,
        });
      });
    },
    { when: () => true },
  );
}

const slugOf = (item: unknown) => (typeof item === 'object' && item !== null ? (item as { slug?: unknown }).slug : undefined);

/**
 * A month of dates, and far more dishes than a kitchen cooks: the import writes a statement per
 * dish and per date in one transaction, and a file of 10,000 would hold the availability rows'
 * locks for as long.
 */
export const MAX_DATES = 31;
export const MAX_DISHES = 500;

export const catalogFileSchema = z.strictObject({
  dates: z
    .array(dateSchema)
    .min(1, { error: 'Indiquez au moins une date de livraison.' })
    .max(MAX_DATES, { error: `Au plus ${MAX_DATES} dates par fichier : un fichier par mois.` })
    .check(noDuplicates('dates', (d) => d, null, 'La date')),
  products: z
    .array(catalogProductSchema)
    .max(MAX_DISHES, { error: `Au plus ${MAX_DISHES} plats par fichier.` })
    .check(noDuplicates('products', slugOf, 'slug', 'Le plat'))
    .optional(),
  availability: z
    .array(availabilityEntrySchema)
    .max(MAX_DISHES, { error: `Au plus ${MAX_DISHES} plats par jour.` })
    .check(noDuplicates('availability', slugOf, 'slug', 'Le plat')),
});

export type CatalogFile = z.output<typeof catalogFileSchema>;
export type CatalogProductInput = z.output<typeof catalogProductSchema>;
