import type { FormattedMenu, Menu } from '../../shared/api/catalog';

/** What the customer picked in the composer: category id → product id(s). */
export interface Selection {
  /** One dish per required category. */
  choices: Record<number, number>;
  /** Extras ("petits plus"), each at most once. */
  extras: Record<number, number[]>;
}

export const emptySelection = (): Selection => ({ choices: {}, extras: {} });

/** Required categories still without a valid (offered, not sold-out) choice. */
export function missingCategories(menu: Menu, selection: Selection) {
  return menu.categories.filter((c) => {
    if (!c.required) return false;
    const chosen = c.products.find((p) => p.id === selection.choices[c.id]);
    return !chosen || chosen.sold_out;
  });
}

export const isComplete = (menu: Menu, selection: Selection) => missingCategories(menu, selection).length === 0;

/** Adds or removes an extra; an extra is never counted twice, and sold-out ones cannot be added. */
export function toggleExtra(menu: Menu, selection: Selection, categoryId: number, productId: number): Selection {
  const category = menu.categories.find((c) => c.id === categoryId && !c.required);
  const product = category?.products.find((p) => p.id === productId);
  if (!category || !product) return selection;
  const current = selection.extras[categoryId] ?? [];
  const next = current.includes(productId) ? current.filter((id) => id !== productId) : product.sold_out ? current : [...current, productId];
  return { ...selection, extras: { ...selection.extras, [categoryId]: next } };
}

export function choose(menu: Menu, selection: Selection, categoryId: number, productId: number): Selection {
  const category = menu.categories.find((c) => c.id === categoryId && c.required);
  const product = category?.products.find((p) => p.id === productId);
  if (!category || !product || product.sold_out) return selection;
  return { ...selection, choices: { ...selection.choices, [categoryId]: productId } };
}

/** Formula price plus the chosen extras, in cents (the server recomputes it; this is the live total). */
export function total(menu: Menu, selection: Selection): number {
  let cents = menu.price;
  for (const category of menu.categories) {
    if (category.required) continue;
    for (const id of new Set(selection.extras[category.id] ?? [])) {
      cents += category.products.find((p) => p.id === id)?.extra_price ?? 0;
    }
  }
  return cents;
}

/** The formatted menu, for the cart (docs/product/catalog.md): only complete selections, keys as strings. */
export function toFormattedMenu(menu: Menu, selection: Selection): FormattedMenu {
  if (!isComplete(menu, selection)) throw new Error('Incomplete formula');
  const sub_products: Record<string, number> = {};
  const additional_products: Record<string, number[]> = {};
  for (const category of menu.categories) {
    if (category.required) sub_products[String(category.id)] = selection.choices[category.id]!;
    else {
      const extras = [...new Set(selection.extras[category.id] ?? [])];
      if (extras.length) additional_products[String(category.id)] = extras;
    }
  }
  return { id: menu.id, sub_products, additional_products };
}

/** The chosen dishes' names, in category order: 'Salade lyonnaise, Quenelle…, Bugnes'. */
export function describe(menu: Menu, selection: Selection): string {
  const names: string[] = [];
  for (const category of menu.categories) {
    const ids = category.required ? [selection.choices[category.id]] : (selection.extras[category.id] ?? []);
    for (const id of ids) {
      const product = category.products.find((p) => p.id === id);
      if (product) names.push(product.name);
    }
  }
  return names.join(', ');
}
