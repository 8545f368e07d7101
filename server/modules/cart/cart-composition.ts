import { createHash } from 'node:crypto';
import { CART_ERRORS } from '#shared/api/cart';
import type { FormattedMenu, Menu } from '#shared/api/catalog';
import type { Composition } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Checks a formatted menu against the formula of the day: exactly one offered dish per required
 * category, extras unique and from the formula's extras categories. Answers its canonical form.
 */
export function checkComposition(menu: Menu, formatted: FormattedMenu): Composition {
  const invalid = (message: string) => new AppError(422, CART_ERRORS.invalidMenu, message, { menu: [message] });
  const categories = new Map(menu.categories.map((c) => [String(c.id), c]));
  const sub_products: Record<string, number> = {};
  const additional_products: Record<string, number[]> = {};
  for (const key of Object.keys(formatted.sub_products)) {
    if (!categories.get(key)?.required) throw invalid('Cette formule ne se compose pas ainsi : un choix ne correspond à aucune de ses catégories.');
  }
  for (const category of menu.categories.filter((c) => c.required)) {
    const id = formatted.sub_products[String(category.id)];
    if (id === undefined) throw invalid(`Choisissez encore : ${category.name}.`);
    if (!category.products.some((p) => p.id === id)) throw invalid(`Ce choix n’est pas proposé pour « ${category.name} ».`);
    sub_products[String(category.id)] = id;
  }
  for (const [key, ids] of Object.entries(formatted.additional_products)) {
    const category = categories.get(key);
    if (!category || category.required) throw invalid('Ces petits plus ne font pas partie de cette formule.');
    if (new Set(ids).size !== ids.length) throw invalid('Chaque petit plus ne peut être choisi qu’une fois.');
    for (const id of ids) if (!category.products.some((p) => p.id === id)) throw invalid(`Ce petit plus n’est pas proposé dans « ${category.name} ».`);
    if (ids.length) additional_products[key] = [...ids].sort((a, b) => a - b);
  }
  return { sub_products, additional_products };
}

/** The same formula composed the same way is one line: its id derives from the composition. */
export function menuLineId(menuId: number, composition: Composition): string {
  const canonical = JSON.stringify([
    Object.entries(composition.sub_products).sort(([a], [b]) => Number(a) - Number(b)),
    Object.entries(composition.additional_products).sort(([a], [b]) => Number(a) - Number(b)),
  ]);
  return `menu-${menuId}-${createHash('sha256').update(canonical).digest('hex').slice(0, 12)}`;
}

