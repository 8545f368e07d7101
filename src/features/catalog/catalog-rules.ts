import type { Menu } from '../../shared/api/catalog';

/** The menu with the lowest price (the first of equals). */
export function cheapestMenu(menus: readonly Menu[]): Menu | null {
  return menus.reduce<Menu | null>((best, m) => (!best || m.price < best.price ? m : best), null);
}

/**
 * A formula's price is a starting price ("à partir de") when its extras ("petits plus") can add to
 * it: said of every such formula alike, whatever the others cost.
 */
export function hasPricedExtras(menu: Menu): boolean {
  return menu.categories.some((c) => !c.required && c.products.some((p) => p.extra_price > 0));
}

/** A formula's card shows what it holds ('Plat + Dessert') unless its name says just that already. */
export function coursesBesideName(name: string, courses: string): string | null {
  // Not toLocaleLowerCase: French needs no locale's case rules, and the page's first use of
  // Intl's data costs the app's start some 15 to 40 ms (src/shared/money.ts).
  const plain = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return courses && plain(courses) !== plain(name) ? courses : null;
}

/** The first menu is selected by default when none (or an unknown one) is. */
export function selectedMenu(menus: readonly Menu[], selectedId: number | null): Menu | null {
  return menus.find((m) => m.id === selectedId) ?? menus[0] ?? null;
}

/** Index arithmetic that wraps around both ends (the home carousel). */
export function wrapIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return ((index % length) + length) % length;
}

/** The list starting at `start`, wrapping around: what the carousel shows from that position. */
export function rotate<T>(items: readonly T[], start: number): T[] {
  const from = wrapIndex(start, items.length);
  return [...items.slice(from), ...items.slice(0, from)];
}

/**
 * The formula cards' columns where `most` fit a row: as few rows as that allows, as even as can be
 * (with 5 at most: 5 → 5, 6 → 3 + 3, 7 → 4 + 3; with 3: 5 → 3 + 2), so no card sits alone on a row
 * three quarters empty.
 */
export function formulaColumns(count: number, most: number): number {
  const rows = Math.max(1, Math.ceil(count / most));
  return Math.max(1, Math.ceil(count / rows));
}
