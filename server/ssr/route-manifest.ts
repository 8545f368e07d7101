import type { ServerManifest } from '@tanstack/router-core';
import type { Volet } from '#shared/panels';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ViteChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteChunk>;

const ROOT_ROUTE_ID = '__root__';

/**
 * A route file's id in the route tree, by TanStack Router's file naming: dots are slashes,
 * `index` is the trailing slash (`_home.$slug.tsx` → `/_home/$slug`, `passer-commande.index.tsx`
 * → `/passer-commande/`).
 */
export function routeIdOfFile(file: string): string {
  const name = file.replace(/^routes\//, '').replace(/\.tsx$/, '');
  if (name === '__root') return ROOT_ROUTE_ID;
  return `/${name.split(/\.(?![^{]*})/).join('/')}`.replace(/\/index$/, '/');
}

const url = (file: string) => `/${file}`;

/** A chunk with everything it imports statically, by their keys in the manifest. */
function withImports(vite: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !vite[key]) return seen;
  seen.add(key);
  for (const imported of vite[key]!.imports ?? []) withImports(vite, imported, seen);
  return seen;
}

/** The page's first script (src/boot.ts), the only one its HTML loads. */
const BOOT = 'boot.ts';
/** The app (src/main.tsx), loaded by the first script once the page is painted. */
const APP = 'main.tsx';

function appKey(vite: ViteManifest): string {
  if (!vite[APP]?.isEntry || !vite[BOOT]?.isEntry) throw new Error(`The build manifest lacks an entry: ${APP} and ${BOOT} are expected`);
  return APP;
}

/** What the app loads itself, by keys (every page has those scripts and styles already). */
const appLoads = (vite: ViteManifest) => withImports(vite, appKey(vite));

/** The address of the app's entry, which the page's first script loads (server/ssr/scripts-after-paint.ts). */
export const appEntryOf = (vite: ViteManifest) => url(vite[appKey(vite)]!.file);

/** The stylesheets of these chunks, once each, as the page links them. */
function stylesheetsOf(vite: ViteManifest, keys: Iterable<string>): string[] {
  return [...new Set([...keys].flatMap((key) => vite[key]?.css ?? []))].map(url);
}

/**
 * What each route needs, from Vite's manifest: the root gets the page's first script, the app's
 * chunks to preload and every stylesheet the app loads; each route its split chunk and that
 * chunk's imports to preload (no second round trip once the app runs), and their stylesheets (a
 * page drawn by the server must not wait for its JavaScript to be styled). The preloads are not
 * left in the page's head: they wait for its first paint (server/ssr/scripts-after-paint.ts).
 */
export function serverManifestOf(vite: ViteManifest): ServerManifest {
  const inEntry = appLoads(vite);
  const cssOf = (keys: Iterable<string>) => stylesheetsOf(vite, keys);

  const routes: ServerManifest['routes'] = {
    [ROOT_ROUTE_ID]: {
      scripts: [{ attrs: { type: 'module', src: url(vite[BOOT]!.file), async: true } }],
      css: cssOf(inEntry),
      preloads: [...inEntry].map((key) => url(vite[key]!.file)),
    },
  };
  for (const [key, chunk] of Object.entries(vite)) {
    const split = /^(routes\/.+\.tsx)\?tsr-split=/.exec(key);
    if (!split) continue;
    const id = routeIdOfFile(split[1]!);
    const needed = [...withImports(vite, key)].filter((k) => !inEntry.has(k));
    const route = (routes[id] ??= { preloads: [], css: [] });
    route.preloads = [...new Set([...(route.preloads ?? []), url(chunk.file), ...needed.map((k) => url(vite[k]!.file))])];
    route.css = [...new Set([...(route.css ?? []), ...cssOf(needed)])];
  }
  return { routes };
}

/**
 * What the shop's first tap needs (an "Ajouter": the cart's answer, then the visitor's state), by
 * key in Vite's manifest: loaded lazily by the app (no zod on the first screen), so without a
 * preload each file would be asked for only once the previous one has come.
 */
const TAP_MODULES = ['shared/api/cart.ts', 'shared/api/fields.ts', 'shared/api/state.ts'];

/** The files of TAP_MODULES with their imports, those the app does not load already. */
export function tapChunksOf(vite: ViteManifest): string[] {
  const inEntry = appLoads(vite);
  const keys = new Set(TAP_MODULES.flatMap((key) => [...withImports(vite, key)]));
  return [...keys].filter((key) => !inEntry.has(key)).map((key) => url(vite[key]!.file));
}

/**
 * What the server draws from modules the browser loads lazily (the shell's lazy imports and the
 * panels the features list, gathered in src/app/overlay-registry.tsx), by their key in Vite's
 * manifest: the footer's newsletter form on every page, and the panel named in the address. Their
 * styles come with the page, or the server's panel would show unstyled until its code arrives
 * (and stay so without JavaScript).
 */
const DRAWN_LAZILY = ['features/newsletter/components/newsletter-form.tsx'];
const PANEL_MODULES: Record<Volet, string[]> = {
  formule: ['features/catalog/components/formula-composer.tsx'],
  panier: ['features/cart/components/cart-panel.tsx'],
  compte: ['features/account/components/account-modal.tsx', 'features/account/components/login-form.tsx'],
  'mot-de-passe': ['features/account/components/account-modal.tsx'],
  menu: ['features/shell/components/mobile-menu.tsx'],
  aide: ['features/contact/components/help-panel.tsx'],
  livraison: ['features/delivery/components/delivery-panels.tsx'],
  'ou-dejeuner': ['features/delivery/components/delivery-panels.tsx'],
  paiement: ['features/payment/components/payment-modal.tsx'],
};

/**
 * The stylesheets of the lazily loaded parts a page is drawn with (not those the entry has
 * already), worked out once per panel.
 */
export function lazyStylesheetsOf(vite: ViteManifest): (volet: Volet | null) => string[] {
  const inEntry = appLoads(vite);
  const styles = (modules: string[]) => stylesheetsOf(vite, new Set(modules.flatMap((key) => [...withImports(vite, key)]).filter((key) => !inEntry.has(key))));
  const always = styles(DRAWN_LAZILY);
  const withPanel = new Map(Object.entries(PANEL_MODULES).map(([volet, modules]) => [volet, styles([...DRAWN_LAZILY, ...modules])]));
  return (volet) => (volet ? withPanel.get(volet)! : always);
}
