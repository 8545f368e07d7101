import { existsSync } from 'node:fs';

/**
 * The system Chromium (Debian's package): Playwright's own browser download cannot work here.
 * CHROME_PATH overrides.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error('Chromium introuvable : installez le paquet Debian "chromium" (apt-get install -y chromium) ou définissez CHROME_PATH.');
  return found;
}

/** Flags for headless Chromium on a closed network (without them it floods the network with background requests). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
