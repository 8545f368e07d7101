// @vitest-environment node
// (ESLint and the rule files are read from disk: file URLs, not the page addresses of jsdom.)
import { fileURLToPath } from 'node:url';
import { Linter, type ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rule as eslint.config.js loads it (plain JavaScript, outside the typed sources).
const rulePath = new URL('../../scripts/eslint-boundaries.js', import.meta.url).href;
const { default: boundaries } = (await import(/* @vite-ignore */ rulePath)) as { default: ESLint.Plugin };
const root = fileURLToPath(new URL('../../', import.meta.url));
const linter = new Linter({ configType: 'flat' });

/** The boundary messages for one import written in a file of the repository. */
function crossing(file: string, source: string): string[] {
  const config = [{ files: ['**/*.ts', '**/*.tsx', '**/*.js'], plugins: { popote: boundaries }, rules: { 'popote/import-boundaries': 'error' as const }, languageOptions: { sourceType: 'module' as const } }];
  return linter.verify(`import x from '${source}';\nexport default x;`, config, { filename: `${root}${file}` }).map((m) => m.message);
}

describe('the client’s layers go one way', () => {
  it('lets each layer use the ones below it', () => {
    for (const [file, source] of [
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
    ]) {
      expect(crossing(file!, source!), `${file} → ${source}`).toEqual([]);
    }
  });

  it('refuses an import back up, or across features', () => {
    for (const [file, source] of [
      ['src/features/cart/cart-store.ts', '../../app/router'],
      ['src/features/cart/cart-store.ts', '../payment/payment-store'],
      ['src/features/cart/cart-store.ts', '../../routes/login'],
      ['src/lib/app-state.ts', '../features/cart/cart-store'],
      ['src/lib/app-state.ts', '../app/router'],
      ['src/components/ui/button.tsx', '../../features/cart/cart-store'],
      ['src/shared/time.ts', '../lib/format'],
      ['src/app/router.tsx', '../routes/login'],
    ]) {
      expect(crossing(file!, source!), `${file} → ${source}`).toHaveLength(1);
    }
  });

  it('keeps the team app off the shop’s features and frame', () => {
    expect(crossing('src/equipe/team-shell.tsx', '../features/cart/cart-store')[0]).toMatch(/never the shop’s features nor src\/app/);
    expect(crossing('src/equipe/team-shell.tsx', '../app/page-head')).toHaveLength(1);
    expect(crossing('src/routes/equipe/index.tsx', '../../features/catalog/api/menus')).toHaveLength(1);
    expect(crossing('src/routes/equipe.index.tsx', '../app/page-head')).toHaveLength(1);
  });

  it('still keeps the server, the worker and src/shared apart', () => {
    expect(crossing('src/lib/app-state.ts', '../../server/app')).toEqual(['The client never imports server/.']);
    expect(crossing('sw/routes.ts', '../src/lib/app-state')).toEqual(['sw/ imports only workbox modules and src/shared.']);
    expect(crossing('server/ssr/page-reads.ts', '../../src/lib/app-state')).toEqual(['server/ imports only src/shared from src/.']);
    expect(crossing('server/ssr/page-reads.ts', '#shared/api/public-reads')).toEqual([]);
  });
});
