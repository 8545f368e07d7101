import { expect, test as base } from '@playwright/test';
import { SANDBOX_SCOPE_COOKIE, SANDBOX_SCOPE_HEADER } from '../../server/sandbox/scope';
import { parisInstant } from '#shared/time';
import { readJson } from './api-read';

export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';

/** React's words (or its production codes) for a server page the browser could not hydrate as it was. */
const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #(418|423|425)/i;

/**
 * Every browser test runs in a sandbox scope of its own (server/sandbox/scope.ts): the time it sets
 * and the provider failures it asks for hold for its own requests only, so tests run side by side
 * on one server. The page carries the scope in a cookie (its service worker's requests too), the
 * `request` fixture in a header. Its time starts at 9:00 on the current delivery date, when the
 * day's tours take orders, whatever the hour the suite runs at. And every page is watched: a
 * hydration mismatch or an uncaught exception fails the test that met it.
 */
export const test = base.extend<{ scope: string }>({
  scope: async ({ playwright, baseURL }, use, info) => {
    const scope = `e2e-${info.testId}-${info.retry}`;
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { [SANDBOX_SCOPE_HEADER]: scope } });
    const state = (await readJson(request, '/api/state')) as { current_delivery_date: string };
    const now = parisInstant(state.current_delivery_date, '09:00').toISOString();
    expect((await request.post('/__sandbox/clock', { data: { now } })).ok()).toBe(true);
    await request.dispose();
    await use(scope);
  },
  context: async ({ context, baseURL, scope }, use) => {
    await context.addCookies([{ name: SANDBOX_SCOPE_COOKIE, value: scope, url: baseURL! }]);
    await use(context);
  },
  request: async ({ playwright, baseURL, scope }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { [SANDBOX_SCOPE_HEADER]: scope } });
    await use(request);
    await request.dispose();
  },
  page: async ({ page, baseURL, javaScriptEnabled }, use) => {
    // A page of the shop is used once React has taken it over, as a customer's second tap would:
    // before that, its server-drawn buttons do nothing yet. An app page (it lists its scripts) is
    // waited for until it is hydrated, however long a busy machine takes; not getting there fails
    // the test. A wait that gave up after 10 s and went on let a loaded CI click buttons React did
    // not have yet: lost clicks, and an `online` event sent before the app listened.
    const hydrated = async () => {
      const url = page.url();
      if (!javaScriptEnabled || !url.startsWith(baseURL!) || url.includes('/__sandbox/')) return;
      await page.locator('html[data-hydrated], html:not(:has(script#page-scripts))').first().waitFor({ state: 'attached', timeout: 45_000 });
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await hydrated();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await hydrated();
      return response;
    };
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'hydration warnings or uncaught exceptions on the page').toEqual([]);
  },
});
