// @vitest-environment node
// (dependency-cruiser reads the planted files from disk.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rules as `npm run lint` runs them (`depcruise src server sw`), read from the repository's
// configuration: plain JavaScript, outside the typed sources.
const configPath = new URL('../../.dependency-cruiser.mjs', import.meta.url).href;
const { default: config, MODULE_LAYERS } = (await import(/* @vite-ignore */ configPath)) as { default: IConfiguration; MODULE_LAYERS: string[][] };

/*
 * Each case plants a few files in a tree of its own, laid out as the repository is (the rules
 * name paths from its root), and lints it: the names of the rules it breaks, with the way.
 */
const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

async function lint(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'popote-boundaries-'));
  trees.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const roots = ['src', 'server', 'sw'].filter((top) => Object.keys(files).some((file) => file.startsWith(`${top}/`)));
  const { output } = await cruise(roots, { ...config.options, baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden } });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

/** A file importing `targets` (one runtime import each), or only their types. */
const importing = (targets: string[], kind: 'value' | 'type' = 'value') =>
  `${targets.map((t, i) => (kind === 'type' ? `import type { T as T${i} } from '${t}';` : `import { v as v${i} } from '${t}';`)).join('\n')}\nexport type T = unknown;\nexport const v = ${kind === 'type' ? '1' : `[${targets.map((_, i) => `v${i}`).join(', ')}]`};\n`;
const leaf = importing([]);

/** Two modules of the shop as they stand: the cart reads the shop's calendar through its service. */
const SHOP_AND_CART = {
  'server/modules/shop/shop.service.ts': importing(['./shop.repo']),
  'server/modules/shop/shop.repo.ts': leaf,
  'server/modules/cart/cart.service.ts': importing(['../shop/shop.service', './cart.repo']),
  'server/modules/cart/cart.repo.ts': leaf,
  'server/modules/cart/cart.routes.ts': importing(['./cart.service']),
  'server/modules/checkout/checkout.service.ts': importing(['../cart/cart.service']),
  'server/app.ts': importing(['./modules/cart/cart.routes', './modules/checkout/checkout.service']),
};

describe('the server’s modules', () => {
  it('pass as they stand: each layer reads those below through their services', async () => {
    expect(await lint(SHOP_AND_CART)).toEqual([]);
  });

  it('refuse a loop between two modules, however it is made', async () => {
    // The shop's routes reading the cart back: no file comes back to itself, but the modules do
    // (shop → cart → shop), the loop the visitor's state once made (cart → state → cart).
    expect(await lint({ ...SHOP_AND_CART, 'server/modules/shop/shop.routes.ts': importing(['./shop.service', '../cart/cart.service']) })).toEqual([
      'module-layers: server/modules/shop/shop.routes.ts → server/modules/cart/cart.service.ts',
    ]);
    // Round about, through a third module and a type only: cart → checkout → cart.
    expect(await lint({ ...SHOP_AND_CART, 'server/modules/cart/cart.routes.ts': importing(['./cart.service', '../checkout/checkout.service'], 'type') })).toEqual([
      'module-layers: server/modules/cart/cart.routes.ts → server/modules/checkout/checkout.service.ts',
    ]);
  });

  it('refuse an import between two modules of one layer, and any import by the ledger', async () => {
    expect(await lint({ ...SHOP_AND_CART, 'server/modules/ledger/ledger.service.ts': importing(['../shop/shop.service']) })).toEqual([
      'module-layers: server/modules/ledger/ledger.service.ts → server/modules/shop/shop.service.ts',
    ]);
    expect(MODULE_LAYERS[0]).toContain('ledger');
  });

  it('refuse a module that has no layer', async () => {
    expect(await lint({ ...SHOP_AND_CART, 'server/modules/loyalty/loyalty.service.ts': leaf, 'server/modules/cart/cart.repo.ts': importing(['../loyalty/loyalty.service']) })).toEqual([
      'module-undeclared: server/modules/cart/cart.repo.ts → server/modules/loyalty/loyalty.service.ts',
    ]);
  });

  it('refuse a module’s internals to another module and to everything outside the modules', async () => {
    expect(await lint({ ...SHOP_AND_CART, 'server/modules/checkout/checkout.service.ts': importing(['../cart/cart.repo']) })).toEqual([
      'module-internals: server/modules/checkout/checkout.service.ts → server/modules/cart/cart.repo.ts',
    ]);
    // The process sweeping carts through the repo (point 6 of issue 49), a plugin, the pages' reads.
    expect(
      await lint({
        ...SHOP_AND_CART,
        'server/index.ts': importing(['./modules/cart/cart.repo', './modules/cart/cart.service']),
        'server/plugins/session.ts': importing(['../modules/cart/cart.routes']),
        'server/ssr/page-reads.ts': importing(['../modules/shop/shop.repo', '../modules/shop/shop.service']),
      }),
    ).toEqual([
      'outside-into-module: server/index.ts → server/modules/cart/cart.repo.ts',
      'outside-into-module: server/plugins/session.ts → server/modules/cart/cart.routes.ts',
      'outside-into-module: server/ssr/page-reads.ts → server/modules/shop/shop.repo.ts',
    ]);
    // server/app.ts registers the routes, and nothing else of a module but its services.
    expect(await lint({ ...SHOP_AND_CART, 'server/app.ts': importing(['./modules/cart/cart.routes', './modules/cart/cart.repo']) })).toEqual([
      'app-into-module: server/app.ts → server/modules/cart/cart.repo.ts',
    ]);
  });

  it('refuse a file cycle on the server, but not through a type or a later import()', async () => {
    const files = { 'server/lib/a.ts': importing(['./b']), 'server/lib/b.ts': importing(['./a']) };
    expect(await lint(files)).toEqual(['server-file-cycle: server/lib/a.ts → server/lib/b.ts']);
    expect(await lint({ ...files, 'server/lib/b.ts': importing(['./a'], 'type') })).toEqual([]);
    expect(await lint({ ...files, 'server/lib/b.ts': 'export const v = () => import(\'./a\');\n' })).toEqual([]);
  });
});

describe('the client’s layers go one way', () => {
  /** The messages for one import written in one file of a small client. */
  const crossing = (file: string, target: string) => lint({ [file]: importing([target]), [path.posix.join(path.posix.dirname(file), `${target}.ts`)]: leaf });

  it('lets each layer use the ones below it', async () => {
    for (const [file, target] of [
      ['src/app/app-shell.tsx', '../features/cart/components/cart-button'],
      ['src/app/app-shell.tsx', '../lib/app-state'],
      ['src/routes/login.tsx', '../app/page-head'],
      ['src/routes/login.tsx', '../features/account/components/login-form'],
      ['src/features/cart/cart-store.ts', '../../lib/stored'],
      ['src/features/cart/cart-store.ts', './cart-rules'],
      ['src/lib/app-state.ts', '../shared/time'],
      ['src/components/ui/button.tsx', '../../lib/use-hydrated'],
      ['src/lib/lazy-overlay.ts', '../components/ui/dialog'],
      ['src/main.tsx', './app/router'],
      ['src/equipe/team-shell.tsx', '../lib/app-state'],
      ['src/equipe/team-shell.tsx', '../components/ui/button'],
      ['src/routes/equipe/index.tsx', '../../equipe/team-shell'],
      ['src/routes/equipe.tsx', '../shared/time'],
      ['server/ssr/page-reads.ts', '../../src/shared/api/public-reads'],
    ] as const) {
      expect(await crossing(file, target), `${file} → ${target}`).toEqual([]);
    }
  });

  it('refuses an import back up, or across features', async () => {
    for (const [file, target, rule] of [
      ['src/features/cart/cart-store.ts', '../../app/router', 'feature-below'],
      ['src/features/cart/cart-store.ts', '../payment/payment-store', 'feature-apart'],
      ['src/features/cart/cart-store.ts', '../../routes/login', 'feature-below'],
      ['src/lib/app-state.ts', '../features/cart/cart-store', 'lib-components-below'],
      ['src/lib/app-state.ts', '../app/router', 'lib-components-below'],
      ['src/components/ui/button.tsx', '../../features/cart/cart-store', 'lib-components-below'],
      ['src/shared/time.ts', '../lib/format', 'shared-alone'],
      ['src/app/router.tsx', '../routes/login', 'app-below-routes'],
    ] as const) {
      expect((await crossing(file, target)).map((v) => v.split(':')[0]), `${file} → ${target}`).toEqual([rule]);
    }
  });

  it('keeps the team app off the shop’s features and frame, and the shop off the team app', async () => {
    for (const [file, target, rule] of [
      ['src/equipe/team-shell.tsx', '../features/cart/cart-store', 'team-apart'],
      ['src/equipe/team-shell.tsx', '../app/page-head', 'team-apart'],
      ['src/routes/equipe/index.tsx', '../../features/catalog/api/menus', 'team-apart'],
      ['src/routes/equipe.index.tsx', '../app/page-head', 'team-apart'],
      ['src/routes/equipe.index.tsx', './login', 'team-routes-apart'],
      ['src/routes/login.tsx', '../equipe/team-shell', 'shop-routes-not-team'],
    ] as const) {
      expect((await crossing(file, target)).map((v) => v.split(':')[0]), `${file} → ${target}`).toEqual([rule]);
    }
  });

  it('still keeps the server, the worker and src/shared apart', async () => {
    expect(await crossing('src/lib/app-state.ts', '../../server/app')).toEqual(['client-not-server: src/lib/app-state.ts → server/app.ts']);
    expect(await crossing('sw/routes.ts', '../src/lib/app-state')).toEqual(['worker-alone: sw/routes.ts → src/lib/app-state.ts']);
    expect(await crossing('server/ssr/page-reads.ts', '../../src/lib/app-state')).toEqual(['server-uses-shared-only: server/ssr/page-reads.ts → src/lib/app-state.ts']);
  });
});
