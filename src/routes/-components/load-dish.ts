import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { productQuery } from '../../features/catalog/api/products';
import { ApiError } from '../../lib/api-client';
import { loadDeliveryDate } from '../../lib/app-state';

/**
 * Loader of the detail routes: an unknown dish is the 404 page. Apart from the overlay because a
 * route's loader stays in the route tree's chunk (the home page's JavaScript), while its component is
 * split off.
 */
export async function loadDish(queryClient: QueryClient, slug: string) {
  const date = await loadDeliveryDate(queryClient);
  try {
    await queryClient.ensureQueryData(productQuery(slug, date));
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) throw notFound();
  }
}
