import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../server/ssr/inline-styles';

const CSS: Record<string, string> = {
  '/assets/main-abc.css': 'body{margin:0}',
  '/assets/route-def.css': '.x::after{content:"</style>"}',
};
const cssOf = (href: string) => CSS[href] ?? null;

describe('a page’s stylesheets written into it', () => {
  it('puts each built stylesheet of the head before its link, which is kept for print only', () => {
    const html = '<html><head><link rel="stylesheet" href="/assets/main-abc.css" nonce="n" data-precedence="default"/><title>t</title></head><body></body></html>';
    expect(inlineStylesheets(html, cssOf)).toBe(
      '<html><head><style data-href="/assets/main-abc.css">body{margin:0}</style><link rel="stylesheet" href="/assets/main-abc.css" nonce="n" data-precedence="default" media="print"/><title>t</title></head><body></body></html>',
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
