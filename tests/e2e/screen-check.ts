import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from './fixtures';
import { expectAccessible } from './a11y-check';
import { expectLaidOut } from './layout-check';

/**
 * One look at a screen as it is now: axe (a11y-check.ts), then its layout (layout-check.ts).
 * With SCREENSHOTS=<folder>, its picture is kept there too, named by size and screen, for a
 * reviewer to open (`SCREENSHOTS=/tmp/shots npm run test:e2e -- accessibility.spec.ts`).
 */
export async function checkScreen(page: Page, what: string, options: { include?: string; exclude?: string[] } = {}) {
  const folder = process.env.SCREENSHOTS;
  if (folder) {
    const size = page.viewportSize()!;
    mkdirSync(folder, { recursive: true });
    const name = `${size.width}-${what.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 80)}.png`;
    await page.screenshot({ path: join(folder, name), fullPage: !options.include });
  }
  await expectAccessible(page, what, options);
  await expectLaidOut(page, what, options);
}
