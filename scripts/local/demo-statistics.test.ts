import { describe, expect, it } from 'vitest';
import { ADMIN_STATISTICS } from '../../shared/limits';
import { cents } from '../../shared/money';
import { demoDay } from './demo-statistics';

const now = { users: 60, experts: 48, offers: 125, publishedOffers: 120, publishedOfferCents: cents(1_234_500) };

describe('the demo statistics history', () => {
  it('grows towards today’s counters, never above them', () => {
    const oldest = demoDay(now, '2026-08-27', ADMIN_STATISTICS.historyDays);
    const latest = demoDay(now, '2026-11-24', 1);
    expect(oldest.users).toBeLessThan(latest.users);
    expect(oldest.publishedOfferCents).toBeLessThan(latest.publishedOfferCents);
    for (const day of [oldest, latest])
      for (const name of ['users', 'experts', 'offers', 'publishedOffers', 'publishedOfferCents'] as const) expect(day[name]).toBeLessThanOrEqual(now[name]);
    expect(latest.experts).toBe(48);
  });

  it('has more orders on weekdays than at weekends, and the platform’s fee on them', () => {
    const monday = demoDay(now, '2026-11-23', 2);
    const sunday = demoDay(now, '2026-11-22', 3);
    expect(monday.orders).toBeGreaterThanOrEqual(3);
    expect(sunday.orders).toBeLessThanOrEqual(4);
    expect(monday.revenueCents).toBe(monday.orders * 900);
  });
});
