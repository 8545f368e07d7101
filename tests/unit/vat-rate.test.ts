import { describe, expect, it } from 'vitest';
import { formatRate } from '#shared/vat-rate';

describe('a VAT rate as written', () => {
  it('is Intl’s fr-FR number with a no-break space before the sign', () => {
    const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
    for (const bp of [0, 210, 550, 1000, 2000, 1250, 1234, 5, 10000]) expect(formatRate(bp), String(bp)).toBe(`${intl.format(bp / 100)}\u00a0%`);
    expect(formatRate(550)).toBe('5,5\u00a0%');
  });
});
