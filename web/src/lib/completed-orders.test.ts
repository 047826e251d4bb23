import { describe, expect, it } from 'vitest';
import { completedOrdersText } from './completed-orders';

describe('an expert’s completed orders as shown', () => {
  it('are the count alone when none was free', () => {
    expect(completedOrdersText(0, 0)).toBe('0');
    expect(completedOrdersText(12, 0)).toBe('12');
    // An answer of before the free count: nothing said about free ones.
    expect(completedOrdersText(12)).toBe('12');
  });

  it('say how many of them were free', () => {
    expect(completedOrdersText(12, 3)).toBe('12, 3 of them free');
    expect(completedOrdersText(2, 1)).toBe('2, 1 of them free');
  });

  it('say when all of them were free', () => {
    expect(completedOrdersText(5, 5)).toBe('5, all free');
    expect(completedOrdersText(1, 1)).toBe('1, free');
  });
});
