import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from '../../sw/routes';

const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));

describe('service worker navigation fallback', () => {
  it('serves every app route from the shell', () => {
    for (const path of ['/', '/passer-commande', '/passer-commande/quenelle', '/compte/mot-de-passe/abc', '/mentions-legales']) {
      expect(denied(path)).toBe(false);
    }
  });

  it('never answers API or sandbox navigations with the shell', () => {
    for (const path of ['/api/pdfs/invoices/3', '/__sandbox', '/__sandbox/mailbox']) expect(denied(path)).toBe(true);
  });
});
