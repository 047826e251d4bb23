import { describe, expect, it } from 'vitest';
import { DEMO_EXPERTS, DEMO_OFFERS, DEMO_STUDENTS } from '../../scripts/local/demo-accounts';
import { allItems } from '../support/table';
import { signedInAs } from '../support/accounts';

describe('demo data of the local stack', () => {
  it('has the admin, the experts with published offers in all four areas, and the students', async () => {
    const items = await allItems();
    const users = items.filter((item) => item.sk === 'PROFILE');
    for (const account of [...DEMO_EXPERTS, ...DEMO_STUDENTS]) expect(users.some((u) => u.email === account.email && u.status === 'active'), account.email).toBe(true);
    const offers = items.filter((item) => item.sk === 'OFFER');
    expect(offers).toHaveLength(Object.values(DEMO_OFFERS).flat().length);
    expect(new Set(offers.filter((o) => o.status === 'approved').map((o) => o.area))).toEqual(new Set(['Finance', 'Law', 'Marketing', 'Consulting']));
    expect(offers.every((o) => Number.isInteger(o.priceCents))).toBe(true);
    await signedInAs('admin');
  });
});
