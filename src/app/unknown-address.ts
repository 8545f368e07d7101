import type { Transport } from '../lib/api-client';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { pathOf } from '../shared/api/route-table';
import { CATALOG } from '../shared/api/routes/catalog';

/** Only for matching addresses to routes (nothing is loaded or drawn with it): made once. */
let matcher: ReturnType<typeof createAppRouter> | null = null;

/**
 * Whether the server can tell, before loading or drawing anything, that an address is no page: no
 * route matches it, or it is a dish's route (`slug`, routes/-components/load-dish.ts) naming no
 * dish. An address of a random dish costs as much to load as the home page it is drawn over;
 * answered this way, a flood of them costs a match and one read of the catalog each.
 * False when in doubt (a read that failed): the page is then loaded and drawn as usual.
 */
export async function isUnknownAddress(pathname: string, transport: Transport): Promise<boolean> {
  matcher ??= createAppRouter(createQueryClient(), { origin: 'http://page.invalid' });
  let path: string;
  try {
    // As the router reads an address (reserved characters such as %2F stay encoded).
    path = decodeURI(pathname);
  } catch {
    return false;
  }
  const [, params, route] = matcher.getMatchedRoutes(path);
  // No route, or only part of the address matched (the rest in '**'): as the router decides that
  // an address is not found (router-core's matchRoutes).
  if (!route) return path.replace(/\/+$/, '') !== '';
  if (route.path !== '/' && params['**']) return true;
  const slug = params.slug;
  if (typeof slug !== 'string') return false;
  let name: string;
  try {
    name = decodeURIComponent(slug);
  } catch {
    return false;
  }
  // Longer than any dish's (and than what a page may read).
  if (name.length > 200) return true;
  try {
    const answer = await transport(pathOf(CATALOG.getProductsById, { id: name }), { method: 'GET' });
    return answer.status === 404;
  } catch {
    return false;
  }
}
