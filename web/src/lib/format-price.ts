import { formatEuros } from '@shared/money';
import { SHELL_MSG } from '@shared/shell-texts';
import type { OfferDto } from '@shared/schemas/catalogue';

/**
 * An offer's price wherever one is shown: "€120.00" for a fixed price, "€60.00/h" for an hourly one
 * (spec 1 section 5), always with two decimals (decision 133); "Free" for a free offer (decision 132).
 */
export function formatPrice({ price, pricingType }: Pick<OfferDto, 'price' | 'pricingType'>): string {
  if (price === 0) return SHELL_MSG.free;
  const amount = formatEuros(price);
  return pricingType === 'hourly' ? `${amount}/h` : amount;
}
