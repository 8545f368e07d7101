import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's half of the import boundaries (popote/import-boundaries, eslint-boundaries.js):
 * a module (server/modules/<name>/) reaches another only through that one's `*.service.ts` files,
 * its routes, repo and other files being its own; a plugin uses a module the same way; and no
 * server file imports itself back through others (an import cycle). A new module needs nothing
 * declared here.
 */
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'server');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The module a server path belongs to (server/modules/<name>/…), or null. */
const moduleOf = (relPath) => relPath.match(/^server\/modules\/([^/]+)\//)?.[1] ?? null;
/** What other modules and the plugins may import of a module: its services. */
const isService = (relPath) => /\.service(\.ts)?$/.test(relPath);

/** The message for an import of `target` (a path from the root, extension or not) by the server file `fromRel`, or null. */
export function serverCheck(fromRel, target) {
  const targetModule = moduleOf(target);
  if (!targetModule || isService(target)) return null;
  const fromModule = moduleOf(fromRel);
  if (fromModule && fromModule !== targetModule) {
    return `A module reaches another only through its *.service.ts (${fromModule} → ${target}): the routes, repo and other files of server/modules/${targetModule}/ are its own.`;
  }
  if (fromRel.startsWith('server/plugins/')) {
    return `A plugin uses a module only through its *.service.ts, never its routes, repo or other files (${target}).`;
  }
  return null;
}

/*
 * Import cycles. The graph of the server's imports is read once per lint run (each file parsed by
 * TypeScript, no type checking); the file being linted brings its own imports from the code as it
 * is now. `import type` and `export type` are left out: they vanish at compile time
 * (verbatimModuleSyntax), so they order no module's loading; so is a dynamic import(), which loads
 * later. An import `a → b` is reported when `a` is reachable again from `b`, with the way round.
 */
let serverGraph = null;

/** The file a relative import names (./x, ./x.ts, ./x/index.ts), or null outside server/'s TypeScript. */
function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), source);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && candidate.startsWith(serverDir + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The runtime imports of a file's source (type-only imports and exports left out). */
function importsOfSource(file, text) {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const targets = [];
  for (const statement of sourceFile.statements) {
    let specifier = null;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = statement.moduleSpecifier;
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text) : null;
    if (target) targets.push(target);
  }
  return targets;
}

function readServerGraph() {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) graph.set(full, importsOfSource(full, fs.readFileSync(full, 'utf8')));
    }
  };
  walk(serverDir);
  return graph;
}

/** The way from `start` back to `goal` (both included), or null when there is none. */
function wayBack(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    if (file === goal) {
      const way = [];
      for (let at = goal; at !== null; at = cameFrom.get(at)) way.unshift(at);
      return way;
    }
    for (const next of graph.get(file) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * The cycle check of one linted file: `collect` each import node as the rule meets it, `report`
 * at the end of the file (Program:exit).
 */
export function serverCycles(context) {
  const file = context.filename;
  const inServer = file.startsWith(serverDir + path.sep) && file.endsWith('.ts');
  const runtimeImports = [];
  return {
    collect(node) {
      if (!inServer || node.type === 'ImportExpression' || node.importKind === 'type' || node.exportKind === 'type') return;
      const target = resolveImport(file, node.source.value);
      if (target) runtimeImports.push({ node, target });
    },
    report() {
      if (!runtimeImports.length) return;
      serverGraph ??= readServerGraph();
      // The linted file's imports as it is now, not as it was read.
      const graph = new Map(serverGraph).set(file, runtimeImports.map((i) => i.target));
      for (const { node, target } of runtimeImports) {
        const way = wayBack(graph, target, file);
        if (!way) continue;
        const names = [file, ...way].map((f) => rel(f).replace(/^server\//, ''));
        context.report({ node: node.source, message: `Import cycle: ${names.join(' → ')}. Move what both need down (a repo, a small shared file) or split the file.` });
      }
    },
  };
}
