/**
 * The import boundaries (docs/architecture.md, decision 15), checked by dependency-cruiser as part
 * of `npm run lint`: `npx depcruise src server sw`. Paths are from the repository's root.
 */

/**
 * The server's modules in layers, the lowest first. A module imports only modules of the layers
 * below its own (through their `*.service.ts`), never one of its layer or above: so no two modules
 * ever import each other, directly or round about. A new module takes its place here.
 */
export const MODULE_LAYERS = [
  // Read by nearly every module, reading none: the shop's settings and calendar, the money ledger,
  // the stock of dishes, the customer's Edenred link; the news to open pages (its triggers hear
  // every module's changes in the database, it imports none); web push's outbox (the rounds and
  // the team's day queue pushes in it).
  ['shop', 'ledger', 'stock', 'edenred', 'events', 'push'],
  // What is sold, where, to whom.
  ['catalog', 'delivery', 'account'],
  ['cart'],
  // The cart becomes an order, and is paid.
  ['checkout'],
  // What only server/app.ts registers: the visitor's state, logging in, search engines, the
  // contact form, the newsletter, health; the team's day (orders, kitchen, rounds, closing, staff).
  ['state', 'auth', 'seo', 'contact', 'newsletter', 'health', 'day-orders', 'kitchen', 'rounds', 'closing', 'staff'],
];

const MODULES = MODULE_LAYERS.flat();
const inModules = (names) => `^server/modules/(${names.join('|')})/`;
const TEAM_ROUTES = '^src/routes/equipe([./]|$)';

/** One rule per layer: its modules import none of their own layer or above. */
const layerRules = MODULE_LAYERS.map((layer, i) => ({
  name: 'module-layers',
  severity: 'error',
  comment:
    'A server module imports only modules of the layers below its own (MODULE_LAYERS in .dependency-cruiser.mjs, docs/architecture.md), ' +
    'so no two modules import each other, directly or round about. Move what both need down, or hand it in from server/app.ts.',
  from: { path: inModules(layer) },
  to: { path: inModules(MODULE_LAYERS.slice(i).flat()), pathNot: '^server/modules/$1/' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // ---------------------------------------------------------------------------------- server
    ...layerRules,
    {
      name: 'module-undeclared',
      severity: 'error',
      comment: 'Every server module has its layer in MODULE_LAYERS (.dependency-cruiser.mjs).',
      from: {},
      to: { path: '^server/modules/[^/]+/', pathNot: inModules(MODULES) },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'A module reaches another only through its *.service.ts files: the routes, repo and other files of a module are its own.',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/', pathNot: ['^server/modules/$1/', '[.]service[.]ts$'] },
    },
    {
      name: 'outside-into-module',
      severity: 'error',
      comment: 'Outside the modules (plugins, pages, sandbox, the process, db, lib…), a module is used only through its *.service.ts; server/app.ts also registers their *.routes.ts.',
      from: { path: '^server/', pathNot: ['^server/modules/', '^server/app[.]ts$'] },
      to: { path: '^server/modules/', pathNot: '[.]service[.]ts$' },
    },
    {
      name: 'app-into-module',
      severity: 'error',
      comment: 'server/app.ts registers a module’s *.routes.ts and uses its *.service.ts, nothing else of it.',
      from: { path: '^server/app[.]ts$' },
      to: { path: '^server/modules/', pathNot: ['[.]service[.]ts$', '[.]routes[.]ts$'] },
    },
    {
      name: 'server-file-cycle',
      severity: 'error',
      comment:
        'No server file imports itself back through others (import type and import() aside: they order no loading). ' +
        'Move what both need down (a repo, a small shared file) or split the file.',
      from: { path: '^server/' },
      to: { circular: true, dependencyTypesNot: ['type-only', 'dynamic-import'], viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'server-uses-shared-only',
      severity: 'error',
      comment: 'server/ imports only src/shared from src/.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },

    // ------------------------------------------------------------- shared, worker, client
    {
      name: 'shared-alone',
      severity: 'error',
      comment: 'src/shared imports nothing outside itself (zod aside): the server, the worker and the client all build on it.',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'worker-alone',
      severity: 'error',
      comment: 'sw/ imports only workbox modules and src/shared.',
      from: { path: '^sw/' },
      to: { pathNot: ['^sw/', '^src/shared/', '(^|/)node_modules/workbox-'] },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The client never imports server/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'lib-components-below',
      severity: 'error',
      comment: 'src/lib and src/components import only each other and src/shared: the layers go one way (app → features → lib/components → shared).',
      from: { path: '^src/(lib|components)/' },
      to: { path: '^src/(app|routes|features|equipe)/' },
    },
    {
      name: 'feature-below',
      severity: 'error',
      comment: 'A feature imports only itself, src/lib, src/components and src/shared: never the app, a route or the team app.',
      from: { path: '^src/features/' },
      to: { path: '^src/(app|routes|equipe)/' },
    },
    {
      name: 'feature-apart',
      severity: 'error',
      comment: 'A feature never imports another feature: the app or a route composes them.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'app-below-routes',
      severity: 'error',
      comment: 'src/app imports features, src/lib, src/components and src/shared, never a route nor the team app.',
      from: { path: '^src/app/' },
      to: { path: '^src/(routes|equipe)/' },
    },
    {
      name: 'shop-routes-not-team',
      severity: 'error',
      comment: 'The shop’s routes never import the team app (src/equipe, src/routes/equipe…).',
      from: { path: '^src/routes/', pathNot: TEAM_ROUTES },
      to: { path: ['^src/equipe/', TEAM_ROUTES] },
    },
    {
      name: 'team-apart',
      severity: 'error',
      comment: 'The team app (src/equipe and its routes) uses src/shared, src/lib and src/components, never the shop’s features nor src/app.',
      from: { path: ['^src/equipe/', TEAM_ROUTES] },
      to: { path: '^src/(app|features)/' },
    },
    {
      name: 'team-routes-apart',
      severity: 'error',
      comment: 'The team app’s routes import no route of the shop.',
      from: { path: TEAM_ROUTES },
      to: { path: '^src/routes/', pathNot: TEAM_ROUTES },
    },
    {
      name: 'team-below-routes',
      severity: 'error',
      comment: 'src/equipe never imports a route.',
      from: { path: '^src/equipe/' },
      to: { path: '^src/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/app/route-tree[.]gen[.]ts$' },
    // TypeScript's own reading, so `import type` is told apart (it orders no loading: not a cycle).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'],
    },
  },
};
