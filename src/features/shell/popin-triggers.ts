import { useEffect } from 'react';
import type { Settings, ShopOpen } from '../../shared/api/state';
import { openPopin } from '../../lib/popins-store';
import { readStored, storageOrNull, writeStored } from '../../lib/stored';

const CLOSED_SEEN = 'popote:closed-popin-seen';
const HOMEPAGE_SEEN = 'popote:homepage-popin';

/** A short fingerprint of the pop-in's text: a new message shows again to everyone. */
export function fingerprint(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return String(h >>> 0);
}

/** Whether the homepage pop-in should open: a text is set and this visitor has not seen it. */
export function shouldShowHomepagePopin(settings: Settings, storage: Pick<Storage, 'getItem'>): boolean {
  const text = settings.homepage_popin_text?.trim();
  return Boolean(text) && storage.getItem(HOMEPAGE_SEEN) !== fingerprint(text!);
}

export function markHomepagePopinSeen(settings: Settings, storage: Pick<Storage, 'setItem'> | null = storageOrNull('local')) {
  const text = settings.homepage_popin_text?.trim();
  try {
    if (text) storage?.setItem(HOMEPAGE_SEEN, fingerprint(text));
  } catch {
    // Refused: the pop-in may show again on the next visit.
  }
}


/**
 * Opens the closed-website pop-in once per browser session when the shop is closed, and the
 * homepage pop-in once per visitor on the home page. `panelOpen`: a panel the address names is
 * open (a link to the account, a payment's return): the visitor came for it, so the closed
 * pop-in waits until it is closed instead of opening over (or under) it.
 */
export function usePopinTriggers(shop: ShopOpen | undefined, settings: Settings | undefined, onHome: boolean, panelOpen: boolean) {
  useEffect(() => {
    if (!shop || shop.open || panelOpen || readStored(CLOSED_SEEN, 'session')) return;
    writeStored(CLOSED_SEEN, 1, 'session');
    openPopin('closed_website');
  }, [shop, panelOpen]);

  useEffect(() => {
    // Without storage the pop-in could not be remembered as seen: it is not shown at all.
    const storage = storageOrNull('local');
    if (!settings || !onHome || !storage || !shouldShowHomepagePopin(settings, storage)) return;
    markHomepagePopinSeen(settings);
    openPopin('homepage');
  }, [settings, onHome]);
}
