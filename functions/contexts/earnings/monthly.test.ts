import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { lastMonths, monthlyTotals } from './monthly';

describe('earnings per month', () => {
  it('names the 12 months up to this one, over a year’s end', () => {
    expect(lastMonths(new Date('2026-02-28T23:59:59Z'), 12)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-03-31T12:00:00Z'), 2)).toEqual(['2026-02', '2026-03']);
  });

  it('adds each credit to its month, counts it, and keeps the months without any at zero', () => {
    const credit = (at: string, earned: number) => ({ at, earnedCents: cents(earned) });
    expect(
      monthlyTotals(
        ['2026-09', '2026-10', '2026-11'],
        [
          credit('2026-09-30T23:59:59.999Z', 5400),
          credit('2026-11-01T00:00:00.000Z', 1000),
          credit('2026-11-20T10:00:00.000Z', 250),
          credit('2026-08-31T10:00:00.000Z', 999),
        ],
      ),
    ).toEqual([
      { month: '2026-09', earnedCents: 5400, orders: 1 },
      { month: '2026-10', earnedCents: 0, orders: 0 },
      { month: '2026-11', earnedCents: 1250, orders: 2 },
    ]);
  });
});
