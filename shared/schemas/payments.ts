import * as z from 'zod/mini';
import { MSG } from '../texts';

export const createSessionSchema = z.object({
  amount: z.optional(z.number().check(z.gte(0))),
  chatId: z.string().check(z.minLength(1), z.maxLength(64)),
  booking: z.optional(
    z.object({
      date: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
      hours: z.int({ error: MSG.chooseDateHours }).check(z.gte(1), z.lte(8)),
    }),
  ),
});
