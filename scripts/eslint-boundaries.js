import path from 'node:path';

/**
 * The import boundaries as a lint rule (docs/architecture.md): a feature never imports another
 * feature; src/shared imports nothing outside itself (zod aside); sw/ imports only src/shared (and
 * workbox); server/ imports only src/shared from src/; the client never imports server/.
 * `#shared/…` (package.json "imports") is src/shared.
 */
const root = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

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
  const feature = fromRel.match(/^src\/features\/([^/]+)\//)?.[1];
  const targetFeature = target?.match(/^src\/features\/([^/]+)(\/|$)/)?.[1];
  if (feature && targetFeature && feature !== targetFeature) {
    return `A feature never imports another feature (${feature} → ${targetFeature}); compose them in a route.`;
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import boundaries between the client, the server and src/shared (docs/architecture.md)' } },
  create(context) {
    const report = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = check(context.filename, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: report, ExportNamedDeclaration: report, ExportAllDeclaration: report, ImportExpression: report };
  },
};

export default { rules: { 'import-boundaries': rule } };
