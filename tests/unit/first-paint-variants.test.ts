import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changedSource, VARIANTS } from '../../bench/first-paint-variants';
import { inlineStylesheets } from '../../server/ssr/inline-styles';
import { scriptsAfterPaint } from '../../server/ssr/scripts-after-paint';

/**
 * The bench's variants (bench/first-paint-variants.ts) each take one mechanism of the first screen
 * away by changing the app's source: when a mechanism moves, its variant must follow, or
 * `npm run bench:first-paint` would stop on it.
 */
describe('the first screen bench’s variants', () => {
  for (const variant of VARIANTS.filter((v) => v.source)) {
    it(`"${variant.name}" still applies to the source`, () => {
      for (const file of new Set(variant.source!.map((c) => c.file))) {
        const code = readFileSync(file, 'utf8');
        const changed = changedSource(variant, file, code);
        expect(changed).not.toBe(code);
      }
    });
  }

  it('its page changes undo what the server wrote', () => {
    const built = '<html><head><link rel="stylesheet" href="/assets/app-1.css"><link rel="modulepreload" href="/assets/chunk-2.js"></head><body></body></html>';
    const served = scriptsAfterPaint(inlineStylesheets(built, () => 'body{color:red}'), '/assets/app-3.js');
    const byName = (name: string) => VARIANTS.find((v) => v.name === name)!.html!(served);
    expect(byName('no inline styles')).toContain('<link rel="stylesheet" href="/assets/app-1.css">');
    expect(byName('no inline styles')).not.toContain('color:red');
    expect(byName('no scripts after paint')).toContain('<link rel="modulepreload" href="/assets/app-3.js"><link rel="modulepreload" href="/assets/chunk-2.js">');
  });

  it('refuses a change whose text is gone, naming the variant', () => {
    const variant = { name: 'gone', without: '', source: [{ file: 'x.ts', from: 'absent', to: '' }] };
    expect(() => changedSource(variant, 'x.ts', 'code')).toThrow(/variant "gone": x\.ts holds 0 times/);
  });
});
