import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { createSessionSchema } from './payments';

const amountMessages = (amount: unknown) =>
  (createSessionSchema.safeParse({ chatId: 'c1', amount }).error?.issues ?? []).filter((issue) => issue.path[0] === 'amount').map((issue) => issue.message);

describe('the amount of a checkout request', () => {
  it('refuses fractions of a cent, a negative amount and what is not a number, with one message', () => {
    for (const amount of [60.004, 0.001, 10.005, -1, '60', null]) expect(amountMessages(amount), String(amount)).toEqual([MSG.paymentAmountFormat]);
  });

  it('accepts euros with at most two decimals, or no amount at all', () => {
    for (const amount of [0, 60, 60.5, 136.5, 0.1 + 0.2, 999_999.99])
      expect(createSessionSchema.safeParse({ chatId: 'c1', amount }).success, String(amount)).toBe(true);
    expect(createSessionSchema.safeParse({ chatId: 'c1' }).success).toBe(true);
  });
});
