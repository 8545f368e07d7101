import { describe, expect, it } from 'vitest';
import { installOffer, isIosSafari } from '../../src/features/pwa/install-rules';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPHONE_INSTAGRAM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('install offer', () => {
  it('offers the browser’s dialog where it gives one', () => {
    expect(installOffer({ hasPrompt: true, userAgent: ANDROID_CHROME, maxTouchPoints: 5, standalone: false })).toBe('prompt');
  });

  it('shows Safari’s steps only on iOS Safari', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false); // a real Mac
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(IPHONE_INSTAGRAM, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
    expect(installOffer({ hasPrompt: false, userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: false })).toBe('ios');
  });

  it('offers nothing once installed, nor where no install is possible', () => {
    expect(installOffer({ hasPrompt: false, userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true })).toBeNull();
    expect(installOffer({ hasPrompt: true, userAgent: ANDROID_CHROME, maxTouchPoints: 5, standalone: true })).toBeNull();
    expect(installOffer({ hasPrompt: false, userAgent: ANDROID_CHROME, maxTouchPoints: 5, standalone: false })).toBeNull();
  });
});
