import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

/**
 * axe-core on what the page shows now: every rule on, WCAG 2.x A/AA and best practices, and a
 * failure for each serious or critical violation. Nothing is excluded here; a caller may scope
 * the check to a dialog (`include`) or leave out a third-party element it cannot change
 * (`exclude`, with its reason at the call).
 */
export async function expectAccessible(page: Page, what: string, options: { include?: string; exclude?: string[] } = {}) {
  // Only the violations are read: axe still runs every rule, but keeps one example of what passed
  // instead of every node (their lists were most of what travelled back from the page). And on a
  // page without frames (the app has none) axe runs in one go inside it: the default opens a blank
  // page for every check to merge the frames' results, which took as long as the check itself
  // (/passer-commande: 2.3 s against 6.7 s, the same findings). A page with frames keeps the
  // default, which also checks cross-origin frames.
  const oneFrame = page.frames().length === 1;
  // axe's half-megabyte script is evaluated once per document: a later check of the same page (the
  // next dialog) finds it there (about 0.5 s a check on a loaded machine).
  const injected = oneFrame && (await page.evaluate(() => 'axe' in window));
  let builder = new AxeBuilder({ page, axeSource: injected ? 'void 0' : undefined }).options({ resultTypes: ['violations'] });
  if (oneFrame) builder = builder.setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations, passes } = await builder.analyze();
  // A11Y_REPORT=1 lists every finding, minor and moderate ones too, and how many rules passed.
  if (process.env.A11Y_REPORT) console.log(`[axe] ${what}: ${passes.length} rules passed; ${violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`).join('; ') || 'no violation'}`);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`).join('\n')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}
