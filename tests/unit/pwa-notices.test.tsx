import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateNotice } from '../../src/components/ui/update-notice';
import { appUpdate, offerUpdate } from '../../src/lib/app-update';
import { keepEarlyInstallOffer } from '../../src/app/first-paint';
import { pwa, watchInstallPrompt } from '../../src/features/pwa/pwa-store';

afterEach(() => {
  cleanup();
  appUpdate.ready = false;
  pwa.installPrompt = null;
});

const notice = () => screen.queryByText('Une nouvelle version est disponible.');

describe('new version notice', () => {
  it('stays away until a new version waits, then asks before applying it', async () => {
    const apply = vi.fn();
    render(<UpdateNotice busy={false} kept="Votre panier est conservé." />);
    expect(notice()).toBeNull();
    await act(async () => offerUpdate(apply));
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre à jour' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(notice()).not.toBeNull();
  });

  it('is held back during a payment or an open form, and shows once they close', async () => {
    const { rerender } = render(<UpdateNotice busy kept="Votre panier est conservé." />);
    await act(async () => offerUpdate(() => {}));
    expect(notice()).toBeNull();
    rerender(<UpdateNotice busy={false} kept="Votre panier est conservé." />);
    expect(await screen.findByText('Une nouvelle version est disponible.')).not.toBeNull();
    rerender(<UpdateNotice busy kept="Votre panier est conservé." />);
    expect(notice()).toBeNull();
  });
});

describe('install offer', () => {
  it('keeps the browser’s offer instead of its mini-bar, and drops it once installed', () => {
    const target = new EventTarget() as unknown as Window;
    watchInstallPrompt(target);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(), userChoice: Promise.resolve({ outcome: 'accepted' }) });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(pwa.installPrompt).toBe(offer);
    target.dispatchEvent(new Event('appinstalled'));
    expect(pwa.installPrompt).toBeNull();
  });

  it('keeps an offer made before the app was there (the page’s first script), and shows it once it is', () => {
    pwa.installPrompt = null;
    const target = new EventTarget() as unknown as Window;
    keepEarlyInstallOffer(target);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(), userChoice: Promise.resolve({ outcome: 'accepted' }) });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(pwa.installPrompt).toBeNull();
    watchInstallPrompt(target);
    expect(pwa.installPrompt).toBe(offer);
    // Handed over once: a later watch finds nothing kept.
    pwa.installPrompt = null;
    watchInstallPrompt(target);
    expect(pwa.installPrompt).toBeNull();
  });
});
