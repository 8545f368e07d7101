import type { QueryClient } from '@tanstack/react-query';
import type { CatalogProduct, Menu, ProductDetail } from '../../../shared/api/catalog';
import { PUBLIC_READS } from '../../../shared/api/public-reads';

/*
 * What news of the day's dishes does to the catalog a page shows (src/lib/live-news.ts): a dish
 * sold out or back on sale is changed in place in every copy of that day (lists, formulas, the
 * dish's page), at once, without asking the server; dishes put on or taken off the menu have the
 * day's copies read again.
 */

/** Days whose catalog had news: their reads ask the server past the browser's kept copy (max-age). */
const daysWithNews = new Set<string>();
export const hadNews = (date: string | null) => date !== null && daysWithNews.has(date);

const CATALOG_KEYS: readonly unknown[] = [PUBLIC_READS.menus.key[0], PUBLIC_READS.dayProducts.key[0]];
/** A catalog query of `date`: its key starts with 'menus' or 'products' and ends with the date. */
const ofDay = (date: string) => (query: { queryKey: readonly unknown[] }) => CATALOG_KEYS.includes(query.queryKey[0]) && query.queryKey.at(-1) === date;

function marked<T extends Pick<CatalogProduct, 'id' | 'sold_out'>>(dish: T, id: number, soldOut: boolean): T {
  return dish.id === id && dish.sold_out !== soldOut ? { ...dish, sold_out: soldOut } : dish;
}

/** A copy of the day's catalog with one dish's sold_out set, whatever its shape (undefined: none). */
function withDish(data: unknown, id: number, soldOut: boolean): unknown {
  if (!data) return data;
  if (Array.isArray(data)) {
    return data.map((item: CatalogProduct | Menu) =>
      'categories' in item ? { ...item, categories: item.categories.map((c) => ({ ...c, products: c.products.map((p) => marked(p, id, soldOut)) })) } : marked(item, id, soldOut),
    );
  }
  return marked(data as ProductDetail, id, soldOut);
}

/** A dish of `date` sold out, or on sale again. */
export function dishSoldOut(queryClient: QueryClient, date: string, productId: number, soldOut: boolean): void {
  daysWithNews.add(date);
  queryClient.setQueriesData({ predicate: ofDay(date) }, (data: unknown) => withDish(data, productId, soldOut));
}

/** The day's menu changed (dishes added or removed), or what was missed is unknown: read again. */
export function dayCatalogChanged(queryClient: QueryClient, date: string): Promise<void> {
  daysWithNews.add(date);
  return queryClient.invalidateQueries({ predicate: ofDay(date) });
}
