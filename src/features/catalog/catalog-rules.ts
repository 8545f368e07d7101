import type { Menu } from '../../shared/api/catalog';

/** The menu with the lowest price (the first of equals), for "à partir de …". */
export function cheapestMenu(menus: readonly Menu[]): Menu | null {
  return menus.reduce<Menu | null>((best, m) => (!best || m.price < best.price ? m : best), null);
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
