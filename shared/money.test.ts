import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, centsFromEuros, eurosFromCents, formatEuros, isWholeCents } from './money';

describe('money', () => {
  it('turns euros with at most two decimals into cents and back without losing a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (amount) => {
        const euros = amount / 100;
        expect(centsFromEuros(euros)).toBe(amount);
        expect(eurosFromCents(centsFromEuros(euros))).toBe(euros);
      }),
    );
    expect(centsFromEuros(0.1 + 0.2)).toBe(30);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(10.005)).toBe(false);
  });

  it('refuses a fraction of a cent read as cents', () => {
    expect(cents(1999)).toBe(1999);
    expect(() => cents(19.99)).toThrow(RangeError);
  });

  it('shows euros with the euro sign, thousands separators and always two decimals', () => {
    expect(formatEuros(1234.5)).toBe('€1,234.50');
    expect(formatEuros(120)).toBe('€120.00');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(0.5)).toBe('€0.50');
    expect(formatEuros(999_999)).toBe('€999,999.00');
    expect(formatEuros(eurosFromCents(cents(1999)))).toBe('€19.99');
  });
});
