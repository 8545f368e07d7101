import { existsSync } from 'node:fs';

/**
 * The system Chromium (Debian's package): Playwright's own browser download cannot work here.
 * CHROME_PATH overrides.
 */
export function chromiumPath(): string {
  const found = firstExisting([process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']);
  if (!found) throw new Error('Chromium introuvable : installez le paquet Debian "chromium" (apt-get install -y chromium) ou définissez CHROME_PATH.');
  return found;
}

/**
 * Debian's headless shell (package chromium-headless-shell: Chromium's old headless mode, the
 * browser Playwright itself runs headless tests in), else the system Chromium. It draws no
 * browser window of its own: the same specs took about a quarter less time in it on this 2-core
 * machine (157 s against 207 s for 18 tests of offline.spec and offline-sw.spec). It lacks what
 * only a full browser does: push notifications and the offer to install the app, whose specs use
 * chromiumPath(). CHROME_HEADLESS_SHELL_PATH overrides.
 */
export function headlessShellPath(): string {
  return firstExisting([process.env.CHROME_HEADLESS_SHELL_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell']) ?? chromiumPath();
}

/** The first of `candidates` set and present on this machine. */
function firstExisting(candidates: (string | undefined)[]): string | undefined {
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

/** Flags for headless Chromium on a closed network (without them it floods the network with background requests). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
