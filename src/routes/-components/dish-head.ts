import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_DESCRIPTION, pageHead } from '../../app/page-head';
import { productData } from '../../app/structured-data';
import { productQuery } from '../../features/catalog/api/products';
import { knownDeliveryDate } from '../../lib/app-state';

/** A dish page's head: its name, description and picture for links shared in chat apps, and a Product with its Offer. */
export function dishHead(context: { queryClient: QueryClient; origin: string }, slug: string, path: string) {
  const dish = context.queryClient.getQueryData(productQuery(slug, knownDeliveryDate(context.queryClient)).queryKey);
  if (!dish) return pageHead({ origin: context.origin, path, title: 'Plat introuvable — Popote', description: DEFAULT_DESCRIPTION });
  return pageHead({
    origin: context.origin,
    path,
    title: `${dish.name} — Popote`,
    description: dish.short_description || DEFAULT_DESCRIPTION,
    image: dish.cover_url,
    type: 'product',
    jsonLd: productData(context.origin, path, dish),
  });
}
