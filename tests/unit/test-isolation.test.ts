import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLACING_MODULES } from '../api/replacing-modules';

describe('API test files sharing their worker’s modules', () => {
  it('lists every file that replaces a module (vi.mock), which must run isolated', () => {
    const mocking = readdirSync('tests/api')
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `tests/api/${name}`)
      .filter((path) => /\bvi\.mock\(/.test(readFileSync(path, 'utf8')));
    expect(mocking.sort()).toEqual([...REPLACING_MODULES].sort());
  });
});
