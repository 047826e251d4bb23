import * as z from 'zod/mini';
import { isWholeCents } from '../money';
import { ORDER_RULES } from '../limits';
import { MSG } from '../texts';

export const createSessionSchema = z.object({
  /** The total the page showed, in euros: only checked against the server's. */
  amount: z.optional(z.number({ error: MSG.paymentAmountFormat }).check(z.gte(0, MSG.paymentAmountFormat), z.refine(isWholeCents, MSG.paymentAmountFormat))),
  chatId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Hours of work bought on an hourly Document offer (a `work` order). */
  hours: z.optional(
    z.int({ error: MSG.chooseWorkHours }).check(z.gte(ORDER_RULES.minHours, MSG.chooseWorkHours), z.lte(ORDER_RULES.maxWorkHours, MSG.chooseWorkHours)),
  ),
  booking: z.optional(
    z.object({
      date: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
      hours: z.int({ error: MSG.chooseDateHours }).check(z.gte(1), z.lte(8)),
    }),
  ),
});
