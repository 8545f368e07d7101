import type { Page } from './fixtures';

/** The anti-forgery token the page's session holds, for API calls made beside the page. */
export async function xsrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
}
