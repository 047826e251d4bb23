/** The expert's earnings per calendar month (UTC): the dashboard's chart. */
import { type Cents, cents } from '../../../shared/money';

export interface MonthTotals {
  /** YYYY-MM. */
  month: string;
  earnedCents: Cents;
  orders: number;
}

/** The `count` months up to the one of `now`, oldest first: the first is where the credits to read start. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1));
    return month.toISOString().slice(0, 7);
  });
}

/** The credits added up into these months (a credit outside them is left out); a month without any is zero. */
export function monthlyTotals(months: readonly string[], credits: readonly { at: string; earnedCents: Cents }[]): MonthTotals[] {
  const totals = new Map(months.map((month) => [month, { month, earnedCents: cents(0), orders: 0 }]));
  for (const credit of credits) {
    const month = totals.get(credit.at.slice(0, 7));
    if (month) totals.set(month.month, { month: month.month, earnedCents: cents(month.earnedCents + credit.earnedCents), orders: month.orders + 1 });
  }
  return [...totals.values()];
}
