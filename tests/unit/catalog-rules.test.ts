import { describe, expect, it } from 'vitest';
import { cheapestMenu, coursesBesideName, formulaColumns, hasPricedExtras, rotate, selectedMenu, wrapIndex } from '../../src/features/catalog/catalog-rules';
import type { Menu } from '#shared/api/catalog';

const menu = (id: number, price: number): Menu => ({ id, slug: `m${id}`, name: `M${id}`, description: '', price, categories: [] });

describe('menus', () => {
  it('the cheapest menu has the lowest price, the first of equals', () => {
    expect(cheapestMenu([menu(1, 1490), menu(2, 1290), menu(3, 1290)])?.id).toBe(2);
    expect(cheapestMenu([])).toBeNull();
  });

  it('a formula starts at its price when its extras add to it, whatever the others cost', () => {
    const category = (required: boolean, extra: number) => ({ id: 1, name: 'C', type: 3, required, products: [{ extra_price: extra }] });
    const withCategories = (...categories: ReturnType<typeof category>[]) => ({ ...menu(1, 1290), categories }) as unknown as Menu;
    expect(hasPricedExtras(withCategories(category(true, 0), category(false, 250)))).toBe(true);
    expect(hasPricedExtras(withCategories(category(true, 0), category(false, 0)))).toBe(false);
    expect(hasPricedExtras(withCategories(category(true, 0)))).toBe(false);
  });

  it('a formula named after its courses does not say them twice', () => {
    expect(coursesBesideName('Plat + Dessert', 'Plat + Dessert')).toBeNull();
    expect(coursesBesideName('Plat  +  dessert', 'Plat + Dessert')).toBeNull();
    expect(coursesBesideName('Formule Verte', 'Entrée + Plat')).toBe('Entrée + Plat');
  });

  it('the first menu is selected by default', () => {
    const menus = [menu(1, 1490), menu(2, 1290)];
    expect(selectedMenu(menus, null)?.id).toBe(1);
    expect(selectedMenu(menus, 2)?.id).toBe(2);
    expect(selectedMenu(menus, 99)?.id).toBe(1);
    expect(selectedMenu([], null)).toBeNull();
  });
});

describe('formula cards on a wide screen', () => {
  it('puts as many a row as fit, the rows even, never one card alone on a row', () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(counts.map((n) => formulaColumns(n, 5))).toEqual([1, 2, 3, 4, 5, 3, 4, 4, 5, 5, 4]);
    expect(counts.map((n) => formulaColumns(n, 3))).toEqual([1, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3]);
  });
});

describe('carousel wrap-around', () => {
  it('wraps indexes at both ends', () => {
    expect(wrapIndex(8, 8)).toBe(0);
    expect(wrapIndex(-1, 8)).toBe(7);
    expect(wrapIndex(17, 8)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('rotates the list so next and previous never run out', () => {
    expect(rotate([1, 2, 3, 4], 1)).toEqual([2, 3, 4, 1]);
    expect(rotate([1, 2, 3, 4], -1)).toEqual([4, 1, 2, 3]);
    expect(rotate([1, 2, 3, 4], 4)).toEqual([1, 2, 3, 4]);
  });
});
