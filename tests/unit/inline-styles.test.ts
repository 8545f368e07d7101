import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../server/ssr/inline-styles';
import { lazyStylesheetsOf, type ViteManifest } from '../../server/ssr/route-manifest';

const CSS: Record<string, string> = {
  '/assets/main-abc.css': 'body{margin:0}',
  '/assets/route-def.css': '.x::after{content:"</style>"}',
};
const cssOf = (href: string) => CSS[href] ?? null;

describe('a page’s stylesheets written into it', () => {
  it('puts each built stylesheet of the head in place of its link', () => {
    const html = '<html><head><link rel="stylesheet" href="/assets/main-abc.css" nonce="n" data-precedence="default"/><title>t</title></head><body></body></html>';
    expect(inlineStylesheets(html, cssOf)).toBe(
      '<html><head><style data-href="/assets/main-abc.css">body{margin:0}</style><title>t</title></head><body></body></html>',
    );
  });

  it('cannot close its <style> early from the CSS', () => {
    const html = '<head><link rel="stylesheet" href="/assets/route-def.css" data-precedence="default"/></head>';
    expect(inlineStylesheets(html, cssOf)).toContain('content:"<\\/style>"');
  });

  it('leaves alone a stylesheet it cannot read, and anything outside the head', () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/gone.css"/></head><body><link rel="stylesheet" href="/assets/main-abc.css"/></body>';
    expect(inlineStylesheets(html, cssOf)).toBe(html);
  });
});

describe('the styles of the parts a page is drawn with lazily', () => {
  const vite: ViteManifest = {
    'boot.ts': { file: 'assets/boot.js', isEntry: true },
    'main.tsx': { file: 'assets/main.js', isEntry: true, imports: ['_shared.js'], css: ['assets/main.css'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    'features/newsletter/components/newsletter-form.tsx': { file: 'assets/newsletter.js', imports: ['_shared.js', '_form.js'], css: ['assets/newsletter.css'] },
    '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
    'features/catalog/components/formula-composer.tsx': { file: 'assets/composer.js', imports: ['_form.js'], css: ['assets/composer.css'] },
  };
  const lazy = lazyStylesheetsOf(vite);

  it('are the newsletter form’s on every page, and the panel’s in the address, without what the entry has', () => {
    expect(lazy(null)).toEqual(['/assets/newsletter.css', '/assets/form.css']);
    expect(lazy('formule')).toEqual(['/assets/newsletter.css', '/assets/form.css', '/assets/composer.css']);
  });

  it('go at the end of the head, once, unless the page links them already', () => {
    const html = '<head><link rel="stylesheet" href="/assets/form.css"/></head><body></body>';
    const css = (href: string) => `/*${href}*/`;
    expect(inlineStylesheets(html, css, lazy('formule'))).toBe(
      '<head><style data-href="/assets/form.css">/*/assets/form.css*/</style>' +
        '<style data-href="/assets/newsletter.css">/*/assets/newsletter.css*/</style><style data-href="/assets/composer.css">/*/assets/composer.css*/</style></head><body></body>',
    );
  });
});
