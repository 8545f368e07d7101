import { ROLE_LABELS, type AuditEntry, type StaffRoleName } from '../shared/api/staff';
import { auditChangeItemsSchema, auditChangesSchema } from '../shared/audit-changes';
import { formatEuros } from '../shared/money';
import { frenchClock, frenchLongDate, parisDate } from '../shared/time';
import { formatRate } from '../shared/vat-rate';

/*
 * The audit page's words for what a line changed, value by value (docs/product/team.md, "The
 * audit trail"): "Prix : 5,50 € → 0,01 €", "TVA : 10 % → 20 %".
 */

/** What each value is, in French, in the order a line lists them. */
const CHANGE_LABELS: Record<string, string> = {
  on_menu: 'À la carte',
  price: 'Prix',
  vat: 'TVA',
  name: 'Nom',
  stock: 'Stock',
  sold_out: 'Épuisé',
  roles: 'Rôles',
  active: 'Compte actif',
};
const ORDER = Object.keys(CHANGE_LABELS);
/** Known values first, in ORDER; others after, as written. */
const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);

/** The catalog file's other fields, as an import's line lists them without their values. */
const FILE_FIELD_LABELS: Record<string, string> = {
  slug: 'adresse',
  short_description: 'accroche',
  description: 'description',
  ingredients: 'ingrédients',
  allergens: 'allergènes',
  tags: 'étiquettes',
  category: 'catégorie',
  photo: 'photo',
  nutrition: 'valeurs nutritionnelles',
};

const yesNo = (value: unknown) => (value === true ? 'oui' : value === false ? 'non' : '—');

function valueText(field: string, value: unknown): string {
  switch (field) {
    case 'price':
      return typeof value === 'number' ? formatEuros(value) : '—';
    case 'vat':
      return typeof value === 'number' ? formatRate(value) : '—';
    case 'stock':
      return value === null ? 'sans limite' : typeof value === 'number' ? String(value) : '—';
    case 'sold_out':
    case 'on_menu':
    case 'active':
      return yesNo(value);
    case 'roles':
      return Array.isArray(value) ? (value.length > 0 ? value.map((role) => ROLE_LABELS[role as StaffRoleName] ?? String(role)).join(', ') : 'aucun') : '—';
    case 'name':
      return typeof value === 'string' ? `« ${value} »` : '—';
    default:
      return value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** One value's change: "Prix : 5,50 € → 0,01 €"; a first value alone: "Prix : 6,50 €". */
export function changeText(field: string, change: { from?: unknown; to?: unknown }): string {
  const label = CHANGE_LABELS[field] ?? field;
  if (!('from' in change)) return `${label} : ${valueText(field, change.to)}`;
  return `${label} : ${valueText(field, change.from)} → ${'to' in change ? valueText(field, change.to) : '—'}`;
}

// In a fixed order: jsonb hands an object's keys back shortest first (vat, name, price).
const linesOf = (changes: Record<string, { from?: unknown; to?: unknown }>) =>
  Object.entries(changes)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, change]) => changeText(field, change));

/** Changes about one thing (a dish, a dish on a day, a member), or about the line's subject (null). */
export interface ChangeGroup {
  subject: string | null;
  lines: string[];
}

/**
 * The value changes a line carries, grouped by what they are about, and how many its writer left
 * out (a large catalog import). Lines written before values were kept (stock and roles as bare
 * `from`/`to`) are read too.
 */
export function auditChangeGroups(entry: AuditEntry): { groups: ChangeGroup[]; omitted: number } {
  const { details } = entry;
  const groups: ChangeGroup[] = [];
  const dayOf = (date: unknown) => (typeof date === 'string' ? frenchLongDate(date) : null);
  const subject = typeof details.member === 'string' ? details.member : typeof details.name === 'string' ? [details.name, dayOf(details.date)].filter(Boolean).join(', ') : null;
  const changes = auditChangesSchema.safeParse(details.changes);
  if (changes.success) {
    groups.push({ subject, lines: linesOf(changes.data) });
  } else if ('from' in details && 'to' in details && (entry.action.startsWith('stock.') || entry.action === 'staff.roles')) {
    groups.push({ subject, lines: [changeText(entry.action === 'staff.roles' ? 'roles' : 'stock', { from: details.from, to: details.to })] });
  }
  const products = auditChangeItemsSchema.safeParse(details.products);
  if (products.success) {
    for (const item of products.data) {
      const also = item.also?.length ? [`aussi modifiés : ${item.also.map((field) => FILE_FIELD_LABELS[field] ?? field).join(', ')}`] : [];
      groups.push({ subject: `${item.name ?? item.slug ?? `plat n° ${item.product_id}`}${item.created ? ' (nouveau plat)' : ''}`, lines: [...linesOf(item.changes), ...also] });
    }
  }
  const stock = auditChangeItemsSchema.safeParse(details.stock);
  if (stock.success) {
    for (const item of stock.data) groups.push({ subject: [item.name ?? item.slug ?? `plat n° ${item.product_id}`, dayOf(item.date)].filter(Boolean).join(', '), lines: linesOf(item.changes) });
  }
  const count = (value: unknown) => (typeof value === 'number' ? value : 0);
  return { groups: groups.filter((g) => g.lines.length > 0), omitted: count(details.products_omitted) + count(details.stock_omitted) };
}

/**
 * The phone's time of a line, as the page shows it beside the server's: the day too when it is
 * not the server's day (a phone reset to 1970), and the time it counted at when the phone's clock
 * was not believed.
 */
export function deviceTimeText(entry: AuditEntry): string | null {
  if (!entry.device_at) return null;
  const device = new Date(entry.device_at);
  const sameDay = parisDate(device) === parisDate(new Date(entry.at));
  const phone = sameDay ? frenchClock(device) : `${frenchLongDate(parisDate(device), { year: true })}, ${frenchClock(device)}`;
  const counted = typeof entry.details.counted_at === 'string' ? `, heure non retenue : comptée à ${frenchClock(new Date(entry.details.counted_at))}` : '';
  return `téléphone : ${phone}${counted}`;
}
