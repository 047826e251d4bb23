import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cents, cents } from '../../../shared/money';
import { withdrawnFlags } from './service';

describe('orders withdrawn first in, first out', () => {
  it('marks the oldest credits withdrawn as far as paid withdrawals cover them, on every page alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: 1, max: 7 }),
        (oldestFirst, seed, pageSize) => {
          const earned = oldestFirst.reduce((sum, credit) => sum + credit, 0);
          const withdrawn = seed % (earned + 1);
          // The model: walking from the oldest, a credit is withdrawn once the running sum is covered.
          const expected = oldestFirst.map((_, index) => oldestFirst.slice(0, index + 1).reduce((sum, credit) => sum + credit, 0) <= withdrawn).reverse();
          // The page walk: newest first, a page at a time, carrying the sum of the newer credits.
          const newestFirst = [...oldestFirst].reverse().map((credit) => cents(credit));
          const flags: boolean[] = [];
          for (let start = 0, newer = 0; start < newestFirst.length; start += pageSize) {
            const page: Cents[] = newestFirst.slice(start, start + pageSize);
            flags.push(...withdrawnFlags(page, { earned, withdrawn, newer }));
            newer += page.reduce((sum, credit) => sum + credit, 0);
          }
          expect(flags).toEqual(expected);
        },
      ),
    );
  });
});
