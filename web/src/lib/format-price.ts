import type { OfferDto } from '@shared/schemas/catalogue';

const euros = (digits: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "€120" for a fixed price, "€60/h" for an hourly one (spec 1 section 5); cents only when there are some. */
export function formatPrice({ price, pricingType }: Pick<OfferDto, 'price' | 'pricingType'>): string {
  const amount = euros(Number.isInteger(price) ? 0 : 2).format(price);
  return pricingType === 'hourly' ? `${amount}/h` : amount;
}
