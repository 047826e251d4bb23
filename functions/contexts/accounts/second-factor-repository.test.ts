/**
 * An admin account's budget of codes against DynamoDB Local (decision 263): a burst of codes gets
 * no more judged than the budget, a right code frees its slot, and a pause holds until it ends.
 */
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR } from '../../../shared/limits';
import { withLocalTable } from '../../../tests/support/local-table';

const loaded = withLocalTable('second-factor-codes-unit', () => import('./second-factor-repository'));
const budget = { max: SECOND_FACTOR.wrongCodesMax, windowSeconds: SECOND_FACTOR.wrongCodesWindowSeconds };
const NOW = 1_800_000_000;

describe('the codes an admin account may have judged', () => {
  it('meets 40 codes sent at once with exactly its 10 slots', async () => {
    const repo = loaded();
    const slots = await Promise.all(Array.from({ length: 40 }, () => repo.takeCodeSlot('burst@admin.test', budget, NOW)));
    expect(slots.filter((slot) => slot !== undefined).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('gives a right code’s slot back, and holds a pause to its end, when a new window opens', async () => {
    const repo = loaded();
    const email = 'pause@admin.test';
    for (let code = 1; code <= budget.max; code++) expect(await repo.takeCodeSlot(email, budget, NOW)).toBe(code);
    expect(await repo.takeCodeSlot(email, budget, NOW)).toBeUndefined();
    await repo.giveBackCodeSlot(email);
    expect(await repo.takeCodeSlot(email, budget, NOW)).toBe(budget.max);

    const until = NOW + SECOND_FACTOR.wrongCodesPauseSeconds;
    expect(await repo.pauseCodes(email, until, NOW)).toBe(true);
    // One pause at a time: a second wrong code at the limit does not start (nor tell of) another.
    expect(await repo.pauseCodes(email, until + 5, NOW + 5)).toBe(false);
    // Nothing judged until the pause ends, then a new window opens.
    expect(await repo.takeCodeSlot(email, budget, until - 1)).toBeUndefined();
    expect(await repo.takeCodeSlot(email, budget, until)).toBe(1);
  });
});
