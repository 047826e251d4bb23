import * as z from 'zod/mini';
import { LIMITS } from '../limits';
import { plainText } from './common';
import { MSG } from '../messages';

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const createChatSchema = z.object({
  offerId: id,
  initialMessage: z.optional(plainText(MSG.messageRequired, LIMITS.textCap)),
});

export const sendMessageSchema = z.object({ content: plainText(MSG.messageRequired, LIMITS.textCap) });

export const scheduleSchema = z.object({
  scheduledDate: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
  scheduledHours: z.int({ error: MSG.chooseDateHours }).check(z.gte(1), z.lte(8)),
});

export const handleProjectSchema = z.object({ action: z.enum(['approve', 'request_revision']) });
