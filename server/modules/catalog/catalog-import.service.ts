import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { createScanner, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import type { CoverImage } from '#shared/api/cover-image';
import { changed, type AuditChangeItem, type AuditChanges } from '#shared/audit-changes';
import type { Db, Tx } from '../../db/client';
import { productAvailabilities, products } from '../../db/schema';
import { coverColumns, noPhotoColumns } from '../../media/cover-columns';
import { PhotoError, processPhoto } from '../../media/photo-pipeline';
import { catalogFileSchema, type CatalogFile, type CatalogProductInput } from './catalog-import.schema';

/*
 * Loading a day's catalog from an operator's JSON file (`npm run catalog:import FILE`): parse and
 * validate with messages that point at a line, then import in one transaction that refuses, whole,
 * anything that would break a customer's reservation.
 */

export type ParseCatalogResult = { ok: true; data: CatalogFile } | { ok: false; errors: string[] };

/** Past the first few, syntax errors are mostly echoes of the first one. */
const MAX_SYNTAX_ERRORS = 20;
/** Past this many, errors are a file of another kind: the first ones say what is wrong. */
const MAX_REPORTED_ERRORS = 50;

/**
 * A day's catalog is a few dozen dishes (the example is 1.5 kB; two hundred dishes with long
 * descriptions stay under 600 kB). A larger file is refused before it is read: its parse and
 * checks run on the server's event loop.
 */
export const CATALOG_MAX_BYTES = 1024 * 1024;
/**
 * A catalog nests 4 levels (the file, products, a dish, its nutrition). The parse, the duplicate
 * check, getNodeValue and zod all recurse once per level: 3,000 levels overflowed the stack (a 500).
 */
export const CATALOG_MAX_DEPTH = 16;

export const catalogTooLarge = (bytes: number) =>
  `Le fichier fait ${Math.ceil(bytes / 1024)} Ko : une carte en fait au plus ${CATALOG_MAX_BYTES / 1024} (quelques dizaines de plats).`;

/** jsonc-parser's SyntaxKind of `{` and `[`, `}` and `]` (a const enum, which isolated modules cannot read). */
const OPENING_TOKENS = new Set([1, 3]);
const CLOSING_TOKENS = new Set([2, 4]);
const EOF_TOKEN = 17;

/**
 * The offset where the nesting first passes `max`, or -1. Read with the parser's own scanner, a
 * loop and not a recursion, so it tokenizes exactly as the parse that follows (strings, comments)
 * and costs one linear pass.
 */
function tooDeepAt(source: string, max: number): number {
  const scanner = createScanner(source, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== EOF_TOKEN; token = scanner.scan()) {
    if (OPENING_TOKENS.has(token)) {
      if (++depth > max) return scanner.getTokenOffset();
    } else if (CLOSING_TOKENS.has(token)) depth--;
  }
  return -1;
}

/** jsonc-parser's ParseErrorCode values (a const enum, which isolated modules cannot read). */
const SYNTAX_MESSAGES: Record<number, string> = {
  1: 'caractère inattendu',
  2: 'nombre mal écrit',
  3: 'nom de champ entre guillemets attendu (virgule en trop avant « } » ?)',
  4: 'valeur attendue (virgule en trop, ou valeur manquante ?)',
  5: '« : » attendu après le nom du champ',
  6: 'virgule attendue entre deux éléments',
  7: '« } » attendu',
  8: '« ] » attendu',
  9: 'contenu en trop après la fin du document',
  10: 'les commentaires ne sont pas permis en JSON',
  11: 'commentaire non terminé',
  12: 'texte non terminé (guillemet fermant manquant)',
  13: 'nombre incomplet',
  14: 'séquence \\u invalide',
  15: 'caractère d’échappement invalide',
  16: 'caractère interdit dans un texte (retour à la ligne ou tabulation à écrire \\n ou \\t)',
};

const EXPECTED: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  array: 'une liste [ … ]',
  object: 'un objet { … }',
  boolean: 'true ou false',
  null: 'null',
};

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `le texte « ${value.length > 40 ? `${value.slice(0, 40)}…` : value} »`;
  if (Array.isArray(value)) return 'une liste';
  if (typeof value === 'object') return 'un objet';
  return String(value);
}

const frenchLocale = z.locales.fr().localeError;

/** French messages for what the schema does not word itself (wrong types, missing fields). */
const frenchErrors: z.core.$ZodErrorMap = (issue) => {
  // A missing enum or literal is an invalid_value to zod, but a missing field to the operator.
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return 'Champ obligatoire manquant.';
  if (issue.code === 'invalid_type') {
    return `Il faut ${EXPECTED[issue.expected] ?? issue.expected} ici, pas ${describeValue(issue.input)}.`;
  }
  return frenchLocale(issue);
};

type Segment = string | number;
interface Located {
  offset: number;
  path: Segment[];
  message: string;
}

function formatPath(path: readonly Segment[]): string {
  return path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s), '');
}

/** 1-based line and column of an offset. */
function positionFinder(text: string) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
}

/**
 * Where a path is in the file: the value itself, or for a missing field the nearest enclosing
 * value; a property's value is shown at its key, which is where the operator looks.
 */
function offsetOf(tree: Node, path: Segment[]): number {
  for (let p = path; ; p = p.slice(0, -1)) {
    const node = findNodeAtLocation(tree, p);
    if (node) return node.parent?.type === 'property' ? node.parent.offset : node.offset;
    if (p.length === 0) return tree.offset;
  }
}

/** JSON allows a key twice and keeps the last value: an operator's copy-paste slip that would go unseen. */
function duplicateKeys(node: Node, path: Segment[], out: Located[]): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key) continue;
      const name = String(key.value);
      if (seen.has(name)) out.push({ offset: key.offset, path: [...path, name], message: 'Champ présent deux fois dans le même objet.' });
      seen.add(name);
      if (value) duplicateKeys(value, [...path, name], out);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, index) => duplicateKeys(child, [...path, index], out));
  }
}

/** An issue's path and message, one per unknown key; located later, for the reported ones only. */
function issueProblems(issue: z.core.$ZodIssue): Omit<Located, 'offset'>[] {
  const path = issue.path.filter((s): s is Segment => typeof s === 'string' || typeof s === 'number');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: [...path, key],
      message: 'Champ inconnu : vérifiez son orthographe (les champs sont décrits dans le README, « Loading a day’s catalog »).',
    }));
  }
  return [{ path, message: issue.message }];
}

/**
 * Reads an operator's catalog file: strict JSON (no comments, no trailing commas, so any JSON tool
 * reads it the same way), then the schema. Every problem is reported (the first 50), each on one
 * line that says where: `ligne 12, products[3].price_cents : …`. Its size and nesting are bounded
 * first, so a crafted file costs one linear pass and never a stack overflow.
 */
export function parseCatalogFile(text: string): ParseCatalogResult {
  // Some Windows editors save a byte-order mark; it is not part of the JSON.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (source.trim() === '') return { ok: false, errors: ['Le fichier est vide.'] };
  const bytes = Buffer.byteLength(source);
  if (bytes > CATALOG_MAX_BYTES) return { ok: false, errors: [catalogTooLarge(bytes)] };
  const position = positionFinder(source);

  // Before anything that recurses: the parse itself would overflow the stack.
  const deep = tooDeepAt(source, CATALOG_MAX_DEPTH);
  if (deep >= 0) {
    const { line, column } = position(deep);
    return { ok: false, errors: [`JSON invalide, ligne ${line}, colonne ${column} : plus de ${CATALOG_MAX_DEPTH} niveaux de { } et [ ] imbriqués ; une carte en a 4.`] };
  }

  const syntaxErrors: ParseError[] = [];
  const tree = parseTree(source, syntaxErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (syntaxErrors.length > 0 || !tree) {
    // A trailing comma, for one, is reported twice at the same place: keep the first wording.
    const seen = new Set<number>();
    const distinct = syntaxErrors.filter((e) => !seen.has(e.offset) && seen.add(e.offset));
    const errors = distinct.slice(0, MAX_SYNTAX_ERRORS).map((e) => {
      const { line, column } = position(e.offset);
      return `JSON invalide, ligne ${line}, colonne ${column} : ${SYNTAX_MESSAGES[e.error] ?? printParseErrorCode(e.error)}.`;
    });
    if (distinct.length > MAX_SYNTAX_ERRORS) errors.push(`… et ${distinct.length - MAX_SYNTAX_ERRORS} autres erreurs de syntaxe.`);
    return { ok: false, errors: errors.length > 0 ? errors : ['JSON invalide.'] };
  }

  const located: Located[] = [];
  duplicateKeys(tree, [], located);
  const result = catalogFileSchema.safeParse(getNodeValue(tree), { error: frenchErrors });
  const problems = result.success ? [] : result.error.issues.flatMap(issueProblems);
  if (located.length > 0 || !result.success) {
    // Only the reported ones are located: finding a key is a walk of its object, and 50,000
    // unknown keys each looked up in their object took 20 s of the event loop.
    const total = located.length + problems.length;
    const reported = [...located, ...problems.slice(0, Math.max(0, MAX_REPORTED_ERRORS - located.length)).map((p) => ({ ...p, offset: offsetOf(tree, p.path) }))].slice(0, MAX_REPORTED_ERRORS);
    // In file order (sort is stable): the operator fixes top to bottom.
    const errors = reported
      .map((l) => ({ ...l, line: position(l.offset).line }))
      .sort((a, b) => a.line - b.line)
      .map((l) => `ligne ${l.line}${l.path.length > 0 ? `, ${formatPath(l.path)}` : ''} : ${l.message}`);
    if (total > reported.length) errors.push(`… et ${total - reported.length} autres erreurs.`);
    // Two checks sharing a message (-2.5 is neither whole nor positive) would print the same line twice.
    return { ok: false, errors: [...new Set(errors)] };
  }
  return { ok: true, data: result.data };
}

/** A refusal of the whole import: nothing was written. */
export class CatalogImportError extends Error {
  constructor(readonly errors: string[]) {
    super(`Import du catalogue refusé :\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    this.name = 'CatalogImportError';
  }
}

export interface CatalogImportSummary {
  created: string[];
  updated: string[];
  /** Dishes of the file identical to the database (a re-import). */
  unchanged: string[];
  days: { date: string; dishes: number; removed: string[] }[];
}

type ProductRow = typeof products.$inferSelect;
type ProductFields = Omit<typeof products.$inferInsert, 'id' | 'createdAt'>;

/** The columns a dish of the file sets: optional fields left out are left alone. */
function productFields(p: CatalogProductInput, photo: CoverImage | undefined): ProductFields {
  return {
    slug: p.slug,
    name: p.name,
    shortDescription: p.short_description,
    description: p.description,
    ingredients: p.ingredients,
    allergens: [...new Set(p.allergens)],
    ...(p.tags !== undefined && { tags: [...new Set(p.tags)] }),
    category: p.category,
    priceCents: p.price_cents,
    vatRateBp: Math.round(p.vat_rate * 100),
    // A drawing or an address given replaces the photo; a photo given sets every picture column.
    ...(p.cover_url !== undefined && { coverUrl: p.cover_url, ...noPhotoColumns }),
    ...(photo && coverColumns(photo)),
    ...(p.nutrition !== undefined && {
      nutrition: p.nutrition && { kcal: p.nutrition.kcal, proteinsG: p.nutrition.proteins_g, carbsG: p.nutrition.carbs_g, fatG: p.nutrition.fat_g },
    }),
  };
}

/** JSON with sorted keys: jsonb hands objects back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function sameFields(row: ProductRow, fields: ProductFields): boolean {
  return Object.entries(fields).every(([key, value]) => canonical(row[key as keyof ProductRow]) === canonical(value));
}

/** French counts: 0 and 1 take the singular. */
const count = (n: number, one: string, many: string) => `${n} ${n <= 1 ? one : many}`;

/** Availability rows of the dates, locked until commit so no portion gets reserved while we check. */
async function lockedAvailabilities(tx: Tx, dates: string[]) {
  return tx
    .select({
      productId: productAvailabilities.productId,
      date: productAvailabilities.date,
      reserved: productAvailabilities.reserved,
      stock: productAvailabilities.stock,
      slug: products.slug,
      name: products.name,
    })
    .from(productAvailabilities)
    .innerJoin(products, eq(products.id, productAvailabilities.productId))
    .where(inArray(productAvailabilities.date, dates))
    .orderBy(asc(productAvailabilities.date), asc(products.slug))
    .for('update', { of: productAvailabilities });
}

/** Where the photos a file names are read, and where their variants go. */
export interface PhotoSource {
  /** The media directory (MEDIA_DIR), served under /media/. */
  mediaDir: string;
  /** The bytes of a photo as the file names it (a path relative to the catalog file), or null when there is none. */
  read(name: string): Promise<Buffer | null>;
}

/**
 * Makes the variants of every photo the file names, before the transaction (encoding takes about
 * a second a photo, no row waits on it). Every refusal is reported together. Variants of a photo
 * the import then refuses stay in the media directory, unused: the same photo imported again
 * finds them (docs/operations.md says how to prune).
 */
async function preparePhotos(data: CatalogFile, source: PhotoSource | undefined): Promise<Map<string, CoverImage>> {
  const photos = new Map<string, CoverImage>();
  const errors: string[] = [];
  for (const [index, p] of (data.products ?? []).entries()) {
    if (p.photo === undefined) continue;
    const where = `products[${index}].photo (« ${p.photo} »)`;
    const bytes = source ? await source.read(p.photo) : null;
    if (!source || !bytes) {
      errors.push(`${where} : fichier introuvable ; le chemin se lit à partir du dossier du fichier du catalogue.`);
      continue;
    }
    try {
      photos.set(p.slug, await processPhoto(bytes, source.mediaDir));
    } catch (err) {
      if (!(err instanceof PhotoError)) throw err;
      errors.push(`${where} : ${err.message}`);
    }
  }
  if (errors.length > 0) throw new CatalogImportError(errors);
  return photos;
}

/**
 * What an import changed, value by value, for its audit line: each dish created or changed (its
 * price, VAT rate and name before and after, the other fields by name), and each dish whose place
 * on a day's menu or cap changed. At most MAX_CHANGES of each, the rest counted.
 */
export interface CatalogImportChanges {
  products: AuditChangeItem[];
  products_omitted: number;
  stock: AuditChangeItem[];
  stock_omitted: number;
}

/**
 * An import may hold a few hundred dishes over several days; the audit line keeps the first
 * changes of each kind with their values (a day's menu is some thirty dishes) and counts the rest,
 * so one line stays a readable size.
 */
export const MAX_CHANGES = 100;

/** The catalog file's name of a products column, for the fields an audit line lists without their values. */
const FILE_FIELDS: Partial<Record<keyof ProductFields, string>> = {
  slug: 'slug',
  shortDescription: 'short_description',
  description: 'description',
  ingredients: 'ingredients',
  allergens: 'allergens',
  tags: 'tags',
  category: 'category',
  coverUrl: 'photo',
  coverVariants: 'photo',
  nutrition: 'nutrition',
};

/** A dish's values before and after, as its audit item: price, VAT and name with their values, the rest by name. */
function productChange(id: number, before: ProductRow | undefined, fields: ProductFields): AuditChangeItem {
  const changes: AuditChanges = {};
  const price = changed(before?.priceCents, fields.priceCents);
  const vat = changed(before?.vatRateBp, fields.vatRateBp);
  const name = changed(before?.name, fields.name);
  if (price) changes.price = price;
  if (vat) changes.vat = vat;
  if (name) changes.name = name;
  const item: AuditChangeItem = { product_id: id, slug: fields.slug, name: fields.name, changes };
  if (!before) return { ...item, created: true };
  const also = [
    ...new Set(
      Object.entries(fields)
        .filter(([key, value]) => key in FILE_FIELDS && canonical(before[key as keyof ProductRow]) !== canonical(value))
        .map(([key]) => FILE_FIELDS[key as keyof ProductFields]!),
    ),
  ];
  return also.length > 0 ? { ...item, also } : item;
}

/** Keeps the first MAX_CHANGES items, and how many were left out. */
function bounded(items: AuditChangeItem[]): [AuditChangeItem[], number] {
  return [items.slice(0, MAX_CHANGES), Math.max(0, items.length - MAX_CHANGES)];
}

export interface ImportOptions {
  /**
   * A preview: everything is checked and written as for real, then rolled back, so the summary
   * says exactly what applying would change (the photos' variants stay, as for a refusal).
   */
  dryRun?: boolean;
  /** Runs in the import's transaction once it is written: the audit line, with what changed value by value. */
  onApplied?: (tx: Tx, summary: CatalogImportSummary, changes: CatalogImportChanges) => Promise<void>;
}

/** Thrown to roll a preview back; carries what it would have done. */
class PreviewDone extends Error {
  constructor(readonly summary: CatalogImportSummary) {
    super('preview');
  }
}

/**
 * Imports a validated file in one transaction: upserts the dishes by slug, then makes each date's
 * availability exactly the file's list (stock set, reserved portions kept, other dishes removed).
 * Every refusal is found before the first write and thrown together as a CatalogImportError.
 * Photos are read from `photos` (the command reads them beside the file).
 */
export async function importCatalog(db: Db, data: CatalogFile, photoSource?: PhotoSource, options: ImportOptions = {}): Promise<CatalogImportSummary> {
  const photos = await preparePhotos(data, photoSource);
  try {
    return await writeCatalog(db, data, photos, options);
  } catch (err) {
    if (err instanceof PreviewDone) return err.summary;
    throw err;
  }
}

function writeCatalog(db: Db, data: CatalogFile, photos: Map<string, CoverImage>, options: ImportOptions): Promise<CatalogImportSummary> {
  return db.transaction(async (tx) => {
    const fileProducts = data.products ?? [];
    const slugs = [...new Set([...fileProducts.map((p) => p.slug), ...data.availability.map((a) => a.slug)])];
    const existing = slugs.length > 0 ? await tx.select().from(products).where(inArray(products.slug, slugs)) : [];
    const bySlug = new Map(existing.map((p) => [p.slug, p]));
    const inFile = new Set(fileProducts.map((p) => p.slug));
    const dates = data.dates.join(', ');
    const errors: string[] = [];

    for (const a of data.availability) {
      if (!bySlug.has(a.slug) && !inFile.has(a.slug)) {
        errors.push(`${dates}, « ${a.slug} » : plat inconnu, ni en base ni dans la liste products du fichier.`);
      }
    }

    const current = await lockedAvailabilities(tx, data.dates);
    const wanted = new Map(data.availability.map((a) => [a.slug, a.stock]));
    for (const row of current) {
      if (row.reserved <= 0) continue;
      const reserved = `${count(row.reserved, 'portion est déjà réservée', 'portions sont déjà réservées')} (paniers et commandes)`;
      if (!wanted.has(row.slug)) {
        errors.push(
          `${row.date}, « ${row.slug} » (${row.name}) : ${reserved}, le plat ne peut pas être retiré de ce jour ; ` +
            `gardez-le dans availability avec un stock d’au moins ${row.reserved}.`,
        );
        continue;
      }
      const stock = wanted.get(row.slug);
      if (stock !== null && stock !== undefined && stock < row.reserved) {
        errors.push(`${row.date}, « ${row.slug} » (${row.name}) : stock de ${stock}, alors que ${reserved} ; indiquez au moins ${row.reserved}.`);
      }
    }
    if (errors.length > 0) throw new CatalogImportError(errors);

    const summary: CatalogImportSummary = { created: [], updated: [], unchanged: [], days: [] };
    const productChanges: AuditChangeItem[] = [];
    const stockChanges: AuditChangeItem[] = [];
    const ids = new Map(existing.map((p) => [p.slug, p.id]));
    const names = new Map(existing.map((p) => [p.slug, p.name]));
    for (const p of fileProducts) {
      const fields = productFields(p, photos.get(p.slug));
      const before = bySlug.get(p.slug);
      if (before && sameFields(before, fields)) {
        summary.unchanged.push(p.slug);
        continue;
      }
      // New dishes take the column defaults (no tags, picture or nutrition) for what the file leaves out.
      const [row] = await tx
        .insert(products)
        .values(fields)
        .onConflictDoUpdate({ target: products.slug, set: fields })
        .returning({ id: products.id });
      ids.set(p.slug, row!.id);
      names.set(p.slug, fields.name);
      (before ? summary.updated : summary.created).push(p.slug);
      productChanges.push(productChange(row!.id, before, fields));
    }

    const slugById = new Map(current.map((r) => [r.productId, r.slug]));
    for (const date of data.dates) {
      const listed = data.availability.map((a) => ({ productId: ids.get(a.slug)!, date, stock: a.stock }));
      // Each dish's place on the day and its cap, before and after: for the audit line.
      const was = new Map(current.filter((r) => r.date === date).map((r) => [r.productId, r]));
      for (const a of data.availability) {
        const before = was.get(ids.get(a.slug)!);
        const item = { product_id: ids.get(a.slug)!, slug: a.slug, name: names.get(a.slug), date };
        if (!before) stockChanges.push({ ...item, changes: { on_menu: { from: false, to: true }, stock: { to: a.stock } } });
        else if (before.stock !== a.stock) stockChanges.push({ ...item, changes: { stock: { from: before.stock, to: a.stock } } });
      }
      for (const r of was.values()) {
        if (!listed.some((l) => l.productId === r.productId)) stockChanges.push({ product_id: r.productId, slug: r.slug, name: r.name, date, changes: { on_menu: { from: true, to: false }, stock: { from: r.stock } } });
      }
      if (listed.length > 0) {
        await tx
          .insert(productAvailabilities)
          .values(listed)
          .onConflictDoUpdate({ target: [productAvailabilities.productId, productAvailabilities.date], set: { stock: sql`excluded.stock` } });
      }
      const keep = listed.map((l) => l.productId);
      const removed = await tx
        .delete(productAvailabilities)
        .where(keep.length > 0 ? and(eq(productAvailabilities.date, date), notInArray(productAvailabilities.productId, keep)) : eq(productAvailabilities.date, date))
        .returning({ productId: productAvailabilities.productId, reserved: productAvailabilities.reserved });
      // Rows checked above are locked; this only catches a row inserted meanwhile with reservations.
      const reservedGone = removed.filter((r) => r.reserved > 0);
      if (reservedGone.length > 0) {
        throw new CatalogImportError(
          reservedGone.map((r) => `${date}, plat n° ${r.productId} : ${count(r.reserved, 'portion réservée', 'portions réservées')} pendant l’import ; relancez-le.`),
        );
      }
      summary.days.push({
        date,
        dishes: listed.length,
        removed: removed.map((r) => slugById.get(r.productId) ?? `n° ${r.productId}`).sort(),
      });
    }
    if (options.dryRun) throw new PreviewDone(summary);
    const [productItems, productsOmitted] = bounded(productChanges);
    const [stock, stockOmitted] = bounded(stockChanges);
    await options.onApplied?.(tx, summary, { products: productItems, products_omitted: productsOmitted, stock, stock_omitted: stockOmitted });
    return summary;
  });
}

/** "1 plat créé, 2 mis à jour ; 2026-11-24 : 18 plats au menu (3 retirés)". */
export function formatSummary(summary: CatalogImportSummary): string {
  const dishes = [count(summary.created.length, 'plat créé', 'plats créés'), `${summary.updated.length} mis à jour`];
  if (summary.unchanged.length > 0) dishes.push(count(summary.unchanged.length, 'inchangé', 'inchangés'));
  const days = summary.days.map(
    (d) =>
      `${d.date} : ${count(d.dishes, 'plat au menu', 'plats au menu')}${d.removed.length > 0 ? ` (${count(d.removed.length, 'retiré', 'retirés')})` : ''}`,
  );
  return [dishes.join(', '), ...days].join(' ; ');
}
