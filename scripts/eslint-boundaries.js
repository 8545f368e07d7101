import path from 'node:path';
import { serverCheck, serverCycles } from './eslint-server-boundaries.js';

/**
 * The import boundaries as a lint rule (docs/architecture.md).
 *
 * The client's layers go one way, never back up: app → features → lib and components → shared.
 * Routes may use all of them; a feature never imports another feature (the app or a route composes
 * them). A second app, src/equipe/ with its routes under src/routes/equipe/, uses shared, lib and
 * components, never the shop's features nor src/app. The files at the top of src/ (the entries)
 * may import anything of the client.
 *
 * Beyond the client: src/shared imports nothing outside itself (zod aside); sw/ imports only
 * src/shared (and workbox); server/ imports only src/shared from src/; the client never imports
 * server/. `#shared/…` (package.json "imports") is src/shared.
 */
const root = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The layer of a file of src/, or null for the entries at its top. */
function layerOf(file) {
  // The team's routes: src/routes/equipe/… and the flat files src/routes/equipe.….tsx.
  if (/^src\/routes\/equipe([./]|$)/.test(file)) return 'equipe-routes';
  const [, top, name] = file.split('/');
  if (name === undefined) return null;
  if (top === 'features') return `feature:${name}`;
  return ['shared', 'lib', 'components', 'app', 'routes', 'equipe'].includes(top) ? top : null;
}

const BASE = ['shared', 'lib', 'components'];
/** What each layer may import, besides itself. */
const MAY_IMPORT = {
  shared: [],
  lib: ['components', 'shared'],
  components: ['lib', 'shared'],
  feature: BASE,
  app: ['feature', ...BASE],
  routes: ['app', 'feature', ...BASE],
  equipe: BASE,
  'equipe-routes': ['equipe', ...BASE],
};
const kind = (layer) => (layer.startsWith('feature:') ? 'feature' : layer);

const DESCRIBED = {
  shared: 'src/shared imports nothing outside itself (zod aside).',
  lib: 'src/lib imports only src/lib, src/components and src/shared: the layers go one way (app → features → lib/components → shared).',
  components: 'src/components imports only src/components, src/lib and src/shared: the layers go one way (app → features → lib/components → shared).',
  feature: 'A feature imports only itself, src/lib, src/components and src/shared: never the app, a route or another feature (the app or a route composes them).',
  app: 'src/app imports features, src/lib, src/components and src/shared, never a route.',
  equipe: 'The team app (src/equipe) uses src/shared, src/lib and src/components, never the shop’s features nor src/app.',
  'equipe-routes': 'The team app’s routes use src/equipe, src/shared, src/lib and src/components, never the shop’s features nor src/app.',
};

function clientCheck(fromRel, target) {
  const from = layerOf(fromRel);
  const to = target.startsWith('src/') ? layerOf(target) : null;
  if (!from || !to || from === to) return null;
  if (kind(from) === 'feature' && kind(to) === 'feature') {
    return `A feature never imports another feature (${from.slice(8)} → ${to.slice(8)}); compose them in the app or a route.`;
  }
  return MAY_IMPORT[kind(from)].includes(kind(to)) ? null : `${DESCRIBED[kind(from)]} (${fromRel} → ${target})`;
}

function check(from, source) {
  const fromRel = rel(from);
  const isRelative = source.startsWith('.');
  const target = source.startsWith('#shared/') ? `src/shared/${source.slice('#shared/'.length)}` : isRelative ? rel(path.resolve(path.dirname(from), source)) : null;

  if (fromRel.startsWith('src/shared/')) {
    if (target ? !target.startsWith('src/shared/') : source !== 'zod' && source !== 'zod/mini') return 'src/shared imports nothing outside itself (zod aside).';
  }
  if (fromRel.startsWith('sw/')) {
    if (target ? !(target.startsWith('sw/') || target.startsWith('src/shared/')) : !source.startsWith('workbox-')) {
      return 'sw/ imports only workbox modules and src/shared.';
    }
  }
  if (fromRel.startsWith('server/') && target?.startsWith('src/') && !target.startsWith('src/shared/')) {
    return 'server/ imports only src/shared from src/.';
  }
  if (fromRel.startsWith('src/') && target?.startsWith('server/')) return 'The client never imports server/.';
  // Between the server's modules and plugins (eslint-server-boundaries.js).
  if (fromRel.startsWith('server/') && target) {
    const message = serverCheck(fromRel, target);
    if (message) return message;
  }
  if (fromRel.startsWith('src/') && target) return clientCheck(fromRel, target);
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import boundaries between the client’s layers, the server and src/shared (docs/architecture.md)' } },
  create(context) {
    // No import cycle on the server (eslint-server-boundaries.js): checked once the file is read.
    const cycles = serverCycles(context);
    const report = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = check(context.filename, node.source.value);
      if (message) context.report({ node: node.source, message });
      cycles.collect(node);
    };
    return { ImportDeclaration: report, ExportNamedDeclaration: report, ExportAllDeclaration: report, ImportExpression: report, 'Program:exit': cycles.report };
  },
};

export default { rules: { 'import-boundaries': rule } };
