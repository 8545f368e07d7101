import { describe, expect, it } from 'vitest';
import { fingerprint, markHomepagePopinSeen, shouldShowHomepagePopin } from '../../src/features/shell/popin-triggers';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('homepage pop-in', () => {
  it('opens only when a text is set, once per visitor, and again for a new text', () => {
    const storage = memoryStorage();
    expect(shouldShowHomepagePopin({ homepage_popin_text: '' }, storage)).toBe(false);
    expect(shouldShowHomepagePopin({}, storage)).toBe(false);
    const settings = { homepage_popin_text: 'Fermé le 25 décembre' };
    expect(shouldShowHomepagePopin(settings, storage)).toBe(true);
    markHomepagePopinSeen(settings, storage);
    expect(shouldShowHomepagePopin(settings, storage)).toBe(false);
    expect(shouldShowHomepagePopin({ homepage_popin_text: 'Nouveau : la formule verte' }, storage)).toBe(true);
  });

  it('fingerprints texts stably', () => {
    expect(fingerprint('abc')).toBe(fingerprint('abc'));
    expect(fingerprint('abc')).not.toBe(fingerprint('abd'));
  });
});
