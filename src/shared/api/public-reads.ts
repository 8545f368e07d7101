/**
 * The public reads of the API: what anyone may read, the same for everyone (the catalog, the
 * delivery points, the shop's opening and settings). Each path is written here once, and read by
 * the client's fetchers (each feature's `api/` folder, src/lib/app-state.ts), the server's page rendering
 * (server/ssr/page-reads.ts) and the service worker's caches (sw/routes.ts). Plain data: it loads on
 * the first screen, where zod does not.
 */

import { pathOf } from './route-table';

/** The service worker's runtime cache that keeps a read for offline reading (docs/offline.md). */
export type PublicReadCache = 'menus' | 'products' | 'deliveryLocations' | 'shopOpen' | 'settings';

export interface PublicRead {
  /** The path; `:param` stands for its one parameter, matched by `param`. */
  path: string;
  /** What the parameter may be (a regular expression's source); none when the path has none. */
  param?: string;
  /**
   * The start of its TanStack Query key (the date, the id follow); a query under it is persisted to
   * IndexedDB for offline reading. Null: not a query of its own.
   */
  key: readonly string[] | null;
  /** The runtime cache that keeps it: network first, the last copy without network. */
  cache: PublicReadCache;
  /** How long the client holds an answer as fresh, in ms (Infinity: for the visit). */
  staleMs: number;
  /** Read by the loaders of a server-rendered page, answered by the server without HTTP. */
  page: boolean;
}

const MINUTE = 60_000;

// Most specific first: /api/products/shuffle before /api/products/:param.
export const PUBLIC_READS = {
  shopOpen: { path: '/api/state/shop-open', key: ['state', 'shop-open'], cache: 'shopOpen', staleMs: MINUTE, page: true },
  settings: { path: '/api/settings', key: ['settings'], cache: 'settings', staleMs: MINUTE, page: true },
  menus: { path: '/api/menus', key: ['menus'], cache: 'menus', staleMs: MINUTE, page: true },
  menu: { path: '/api/menus/:param', param: '\\d{1,9}', key: null, cache: 'menus', staleMs: MINUTE, page: true },
  // Eight dishes at random for the home page: kept for the visit, a refetch would reshuffle.
  shuffle: { path: '/api/products/shuffle', key: ['products', 'shuffle'], cache: 'products', staleMs: Infinity, page: true },
  dayProducts: { path: '/api/products', key: ['products', 'day'], cache: 'products', staleMs: MINUTE, page: true },
  product: { path: '/api/products/:param', param: '[^/]{1,200}', key: ['products'], cache: 'products', staleMs: MINUTE, page: true },
  deliveryLocations: { path: '/api/delivery-locations', key: ['delivery-locations'], cache: 'deliveryLocations', staleMs: MINUTE, page: true },
  deliverySearch: { path: '/api/delivery-locations/search', key: null, cache: 'deliveryLocations', staleMs: MINUTE, page: false },
} as const satisfies Record<string, PublicRead>;

export type PublicReadName = keyof typeof PUBLIC_READS;

const NAMES = Object.keys(PUBLIC_READS) as PublicReadName[];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const PATTERNS = NAMES.map((name) => {
  const read: PublicRead = PUBLIC_READS[name];
  const [before, after = ''] = read.path.split(':param');
  const source = read.param ? `${escape(before!)}(${read.param})${escape(after)}` : escape(read.path);
  return [name, new RegExp(`^${source}$`)] as const;
});

/** The public read a path names, with its parameter (still encoded as in the path), or null. */
export function publicReadOf(pathname: string): { name: PublicReadName; read: PublicRead; param: string | undefined } | null {
  for (const [name, pattern] of PATTERNS) {
    const found = pattern.exec(pathname);
    if (found) return { name, read: PUBLIC_READS[name], param: found[1] };
  }
  return null;
}

/** The address of a read: its parameter encoded, then its query ('?date=…&number=8'), empty values left out. */
export function publicReadUrl(name: PublicReadName, query: Record<string, string | number | null | undefined> = {}, param?: string): string {
  const read: PublicRead = PUBLIC_READS[name];
  return pathOf(read, param === undefined ? null : { param }, query);
}

/** Whether a query is one of the public reads (persisted for offline reading): its key starts with a read's. */
export function isPublicReadKey(queryKey: readonly unknown[]): boolean {
  return NAMES.some((name) => {
    const key: readonly string[] | null = PUBLIC_READS[name].key;
    return key !== null && key.every((part, i) => queryKey[i] === part);
  });
}
