import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, removeStored, writeStored } from '../../src/lib/stored';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('what the device keeps', () => {
  it('keeps JSON in either storage, apart', () => {
    writeStored('k', { a: 1 });
    writeStored('k', [2], 'session');
    expect(readStored('k')).toEqual({ a: 1 });
    expect(readStored('k', 'session')).toEqual([2]);
    removeStored('k');
    expect(readStored('k')).toBe(null);
    expect(readStored('k', 'session')).toEqual([2]);
  });

  it('reads an unreadable value as nothing', () => {
    localStorage.setItem('k', '{not json');
    expect(readStored('k')).toBe(null);
  });

  it('never throws where storage is refused (private modes, a full disk)', () => {
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refused);
    expect(readStored('k')).toBe(null);
    expect(() => writeStored('k', 1, 'session')).not.toThrow();
    expect(() => removeStored('k')).not.toThrow();
  });
});
