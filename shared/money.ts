/**
 * Money is integer cents (EUR) everywhere but at the edge: the API and the screens show euros. One
 * branded type keeps a count of cents from being mixed up with euros or with any other number, and
 * this module is the only place that converts between the two.
 */
export type Cents = number & { readonly __unit: 'cents' };

/** Euros as typed or shown (at most two decimals) to cents; a float's error never costs a cent. */
export const centsFromEuros = (euros: number): Cents => Math.round(euros * 100) as Cents;

export const eurosFromCents = (cents: Cents): number => cents / 100;

/** Cents read from storage or a provider, where they are plain integers already. */
export function cents(amount: number): Cents {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of cents: ${amount}`);
  return amount as Cents;
}

/** Whether euros hold no fraction of a cent (0.1 + 0.2 counts as 0.30). */
export const isWholeCents = (euros: number): boolean => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;

/** A share of an amount, in percent, to the nearest cent: what a decided refund gives back. */
export const shareOf = (amount: Cents, percent: number): Cents => cents(Math.round((amount * percent) / 100));

// Made on first use: creating it costs a page's first long task tens of milliseconds.
let euros: Intl.NumberFormat | undefined;

/** Euros as every screen and mail shows them (decision 133): "€1,234.50", always two decimals. */
export function formatEuros(amount: number): string {
  euros ??= new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return euros.format(amount);
}

/** A rate times whole hours, counted in cents: "€136.50" for €45.50 × 3. */
export const formatHoursTotal = (rate: number, hours: number): string => formatEuros(eurosFromCents((centsFromEuros(rate) * hours) as Cents));
