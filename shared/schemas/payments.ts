import * as z from 'zod';
import { MSG } from '../messages';

export const createSessionSchema = z.object({
  amount: z.number().finite().nonnegative().optional(),
  chatId: z.string().min(1).max(64),
  booking: z
    .object({
      date: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
      hours: z.number({ error: MSG.chooseDateHours }).int().min(1).max(8),
    })
    .optional(),
});
