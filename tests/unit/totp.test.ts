import { describe, expect, it } from 'vitest';
import { acceptTotp, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, normalizeCode, recoveryCodeHash, totpCode, totpStep, totpUri } from '../../server/lib/totp';

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" (base32 below), 8 digits there;
// its six last digits are what a six-digit app shows.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes (RFC 6238)', () => {
  it('match the RFC’s test vectors', () => {
    expect(totpCode(RFC_SECRET, at(59))).toBe('287082');
    expect(totpCode(RFC_SECRET, at(1111111109))).toBe('081804');
    expect(totpCode(RFC_SECRET, at(1234567890))).toBe('005924');
    expect(totpStep(at(59))).toBe(1);
  });

  it('accept a code within one step of now, either side, and no further', () => {
    const now = at(1_800_000_015);
    const step = totpStep(now);
    for (const delta of [-1, 0, 1]) expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, at((step + delta) * 30)), now, null)).toBe(step + delta);
    for (const delta of [-2, 2]) expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, at((step + delta) * 30)), now, null)).toBeNull();
  });

  it('never accept a code twice, nor an older one after a later one was used (replay)', () => {
    const now = at(1_800_000_015);
    const step = totpStep(now);
    const current = totpCode(RFC_SECRET, now);
    expect(acceptTotp(RFC_SECRET, current, now, step - 1)).toBe(step);
    expect(acceptTotp(RFC_SECRET, current, now, step)).toBeNull();
    expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, at((step - 1) * 30)), now, step)).toBeNull();
    expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, at((step + 1) * 30)), now, step)).toBe(step + 1);
  });

  it('refuse what is not six digits, and another secret’s code', () => {
    const now = at(1_800_000_015);
    for (const code of ['', '12345', '1234567', 'abcdef', ' 12345']) expect(acceptTotp(RFC_SECRET, code, now, null)).toBeNull();
    expect(acceptTotp('JBSWY3DPEHPK3PXP', totpCode(RFC_SECRET, now), now, null)).toBeNull();
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('write the address an authenticator app reads', () => {
    expect(totpUri(RFC_SECRET, 'chef@popote.fr')).toBe(`otpauth://totp/Popote%20%C3%89quipe:chef%40popote.fr?issuer=Popote%20%C3%89quipe&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`);
  });
});

describe('recovery codes', () => {
  it('are ten, distinct, in four groups of four unambiguous signs', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
    }
  });

  it('are recognised however typed, and stored as a hash of what they are', () => {
    const [code] = newRecoveryCodes();
    expect(normalizeCode(` ${code!.toUpperCase().replace(/-/g, ' ')} `)).toBe(code!.replace(/-/g, ''));
    expect(recoveryCodeHash(code!.toUpperCase())).toBe(recoveryCodeHash(code!));
    expect(recoveryCodeHash(code!)).toMatch(/^[0-9a-f]{64}$/);
    expect(isRecoveryCodeShape('123 456')).toBe(false);
  });
});
