import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/web-texts';
import { formatPrice } from './format-price';

describe('an offer’s price as shown', () => {
  it('is in euros with two decimals, per hour for an hourly rate', () => {
    expect(formatPrice({ price: 120, pricingType: 'fixed' })).toBe('€120.00');
    expect(formatPrice({ price: 1234.5, pricingType: 'fixed' })).toBe('€1,234.50');
    expect(formatPrice({ price: 0.5, pricingType: 'hourly' })).toBe('€0.50/h');
    expect(formatPrice({ price: 999_999, pricingType: 'hourly' })).toBe('€999,999.00/h');
  });

  it('is Free for a free offer, whatever its pricing type', () => {
    expect(formatPrice({ price: 0, pricingType: 'fixed' })).toBe(MSG.free);
    expect(formatPrice({ price: 0, pricingType: 'hourly' })).toBe('Free');
  });
});
