import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_DESCRIPTION, pageHead } from '../../app/page-head';
import { productData } from '../../app/structured-data';
import { productQuery } from '../../features/catalog/api/products';
import { knownDeliveryDate } from '../../lib/app-state';
import { sharedImageOf } from '../../lib/cover';

/** A dish page's head: its name, description and picture for links shared in chat apps, and a Product with its Offer. */
export function dishHead(context: { queryClient: QueryClient; origin: string }, slug: string, path: string) {
  const dish = context.queryClient.getQueryData(productQuery(slug, knownDeliveryDate(context.queryClient)).queryKey);
  if (!dish) return pageHead({ origin: context.origin, path, title: 'Plat introuvable — Popote', description: DEFAULT_DESCRIPTION });
  const shared = sharedImageOf(dish);
  return pageHead({
    origin: context.origin,
    path,
    title: `${dish.name} — Popote`,
    description: dish.short_description || DEFAULT_DESCRIPTION,
    image: shared?.url,
    ...(shared?.width && shared.height ? { imageSize: { width: shared.width, height: shared.height } } : {}),
    type: 'product',
    jsonLd: productData(context.origin, path, dish),
  });
}
