import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../server/lib/secret-box';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('secrets sealed at rest', () => {
  it('opens what it sealed, and never seals the same text twice the same way', () => {
    const box = createSecretBox({ TOKEN_ENCRYPTION_KEY: KEY });
    const a = box.seal('access-token');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('access-token');
    expect(box.seal('access-token')).not.toBe(a);
    expect(box.open(a)).toBe('access-token');
  });

  it('refuses a tampered secret, or one sealed with another key', () => {
    const box = createSecretBox({ TOKEN_ENCRYPTION_KEY: KEY });
    const sealed = box.seal('refresh-token');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox({ TOKEN_ENCRYPTION_KEY: undefined }).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow();
  });
});
