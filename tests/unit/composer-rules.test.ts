import { describe, expect, it } from 'vitest';
import { choose, describe as describeSelection, emptySelection, isComplete, missingCategories, toFormattedMenu, toggleExtra, total } from '../../src/features/catalog/composer-rules';
import type { CatalogProduct, Menu } from '#shared/api/catalog';

const dish = (id: number, name: string, extra = 0, soldOut = false): CatalogProduct => ({
  id,
  slug: `d${id}`,
  name,
  short_description: '',
  price: 500,
  extra_price: extra,
  cover_url: null,
  cover: null,
  allergens: [],
  tags: [],
  category: 'main',
  sold_out: soldOut,
});

const menu: Menu = {
  id: 7,
  slug: 'formule-complete',
  name: 'Formule Complète',
  description: '',
  price: 1490,
  categories: [
    { id: 1, name: 'Entrée', type: 1, required: true, products: [dish(10, 'Salade'), dish(11, 'Velouté')] },
    { id: 2, name: 'Plat', type: 2, required: true, products: [dish(20, 'Quenelle'), dish(21, 'Risotto', 0, true)] },
    { id: 3, name: 'Les petits plus', type: 4, required: false, products: [dish(30, 'Limonade', 250), dish(31, 'Bugnes', 300), dish(32, 'Bière', 350, true)] },
  ],
};

describe('formula composer rules', () => {
  it('needs exactly one dish per required category', () => {
    let s = emptySelection();
    expect(missingCategories(menu, s).map((c) => c.name)).toEqual(['Entrée', 'Plat']);
    s = choose(menu, s, 1, 10);
    expect(isComplete(menu, s)).toBe(false);
    s = choose(menu, s, 2, 20);
    expect(isComplete(menu, s)).toBe(true);
    s = choose(menu, s, 1, 11);
    expect(s.choices[1]).toBe(11);
  });

  it('refuses sold-out dishes and dishes of another category', () => {
    let s = choose(menu, emptySelection(), 2, 21);
    expect(s.choices[2]).toBeUndefined();
    s = choose(menu, s, 1, 20);
    expect(s.choices[1]).toBeUndefined();
    s = choose(menu, s, 3, 30);
    expect(s.choices[3]).toBeUndefined();
  });

  it('keeps extras unique, toggles them, and never adds a sold-out one', () => {
    let s = toggleExtra(menu, emptySelection(), 3, 30);
    s = toggleExtra(menu, s, 3, 31);
    expect(s.extras[3]).toEqual([30, 31]);
    s = toggleExtra(menu, s, 3, 30);
    expect(s.extras[3]).toEqual([31]);
    s = toggleExtra(menu, s, 3, 32);
    expect(s.extras[3]).toEqual([31]);
    expect(toggleExtra(menu, s, 1, 10)).toBe(s);
  });

  it('totals the formula price and the chosen extras in cents', () => {
    let s = choose(menu, choose(menu, emptySelection(), 1, 10), 2, 20);
    expect(total(menu, s)).toBe(1490);
    s = toggleExtra(menu, toggleExtra(menu, s, 3, 30), 3, 31);
    expect(total(menu, s)).toBe(1490 + 250 + 300);
    // A duplicated id (never produced by toggleExtra) still counts once.
    expect(total(menu, { ...s, extras: { 3: [30, 30] } })).toBe(1490 + 250);
  });

  it('produces the formatted menu', () => {
    let s = choose(menu, choose(menu, emptySelection(), 1, 11), 2, 20);
    expect(toFormattedMenu(menu, s)).toEqual({ id: 7, sub_products: { '1': 11, '2': 20 }, additional_products: {} });
    s = toggleExtra(menu, s, 3, 31);
    expect(toFormattedMenu(menu, s)).toEqual({ id: 7, sub_products: { '1': 11, '2': 20 }, additional_products: { '3': [31] } });
    expect(describeSelection(menu, s)).toBe('Velouté, Quenelle, Bugnes');
    expect(() => toFormattedMenu(menu, emptySelection())).toThrow();
  });
});
