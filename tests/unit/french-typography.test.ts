import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ofName } from '#shared/elision';
import { formatEuros, wholeEuros } from '#shared/money';

/** Every source file the customers' and the team's words come from. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The lines of code (comments left out: they are for maintainers) matching a pattern, as file:line. */
function codeLinesMatching(pattern: RegExp): string[] {
  return ['src', 'server'].flatMap(sources).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (!/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('French typography (docs/product/wording.md)', () => {
  it('elides « de » before a vowel or a mute h', () => {
    expect(ofName('Alice')).toBe('d’Alice');
    expect(ofName('Émile')).toBe('d’Émile');
    expect(ofName('Hugo')).toBe('d’Hugo');
    expect(ofName('Bob')).toBe('de Bob');
    expect(`Rôles ${ofName(' Yasmine ')}`).toBe('Rôles d’Yasmine');
  });

  it('holds an amount to its euro sign with a no-break space, and writes one minus sign, U+2212', () => {
    expect(wholeEuros(25)).toBe('25\u00a0€');
    expect(formatEuros(2500)).toBe('25,00\u00a0€');
    expect(formatEuros(-820)).toBe('\u22128,20\u00a0€');
    expect(formatEuros(-820)).not.toContain('-');
  });

  it('writes no amount with a plain space before « € » in what is shown (it would split across two lines)', () => {
    // The shop's sandbox answers as Edenred's own words: those are not ours to set.
    expect(codeLinesMatching(/[\d})] €/).filter((line) => !line.startsWith(join('server', 'sandbox')))).toEqual([]);
  });

  it('writes no hyphen as the minus of an amount (formatEuros of the negative amount does it)', () => {
    expect(codeLinesMatching(/-\$?\{formatEuros\(/)).toEqual([]);
  });
});
