import { describe, expect, it } from 'vitest';
import { formatFileSize, sniffFileType } from '#shared/api/contact';

describe('contact form rules', () => {
  it('shows sizes the French way', () => {
    expect(formatFileSize(916)).toBe('916 o');
    expect(formatFileSize(240_000)).toBe('234 Ko');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 Mo');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3 Mo');
  });

  it('takes a first look at a file by its first bytes', () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFileType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
    expect(sniffFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(sniffFileType(new TextEncoder().encode('MZ\x90\x00'))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('%PD'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });
});
