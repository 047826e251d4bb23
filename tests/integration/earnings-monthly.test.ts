/**
 * GET /user/earnings/monthly (added), the dashboard's chart, through the local gateway, the orders
 * handler, DynamoDB Local and the local Stripe: an approved order's credit counts in its month, for
 * its expert only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyEarnings } from '../../shared/schemas/earnings';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { signedInAs } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { approvedOrder } from '../support/earnings';
import { serverNow } from '../support/orders';
import { onboard } from '../support/payments';

let expert: ApiClient;
let offer: OfferDto;

beforeAll(async () => {
  ({ expert, offer } = await expertWithOffer('Monty', 'Monthly', 'Monthly earnings review'));
  await onboard(expert);
});

describe('earnings per month', () => {
  it('lists the last 12 months, oldest first, with an approved order’s credit in its month', async () => {
    const empty = await expert.get<MonthlyEarnings>('/user/earnings/monthly');
    expect(empty.status).toBe(200);
    expect(empty.body.months).toHaveLength(12);
    const thisMonth = new Date(await serverNow()).toISOString().slice(0, 7);
    expect(empty.body.months.at(-1)).toEqual({ month: thisMonth, earned: 0, orders: 0 });
    expect(empty.body.months.map((month) => month.month)).toEqual(empty.body.months.map((month) => month.month).sort());

    await approvedOrder({ expert, offer });
    await approvedOrder({ expert, offer });
    const months = (await expert.get<MonthlyEarnings>('/user/earnings/monthly')).body.months;
    // Two orders of 60, less the platform's 10 % each.
    expect(months.at(-1)).toEqual({ month: thisMonth, earned: 108, orders: 2 });
    expect(months.slice(0, -1).every((month) => month.earned === 0 && month.orders === 0)).toBe(true);
  });

  it('is the expert’s own: students and admins are refused', async () => {
    expect((await (await signedInAs('student')).get('/user/earnings/monthly')).status).toBe(403);
    expect((await (await signedInAs('admin')).get('/user/earnings/monthly')).status).toBe(403);
  });
});
