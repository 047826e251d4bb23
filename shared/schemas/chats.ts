import * as z from 'zod';
import { LIMITS } from '../limits';
import { plainText } from './common';
import { MSG } from '../messages';

const id = z.string().min(1).max(64);

export const createChatSchema = z.object({
  offerId: id,
  initialMessage: plainText(MSG.messageRequired, LIMITS.textCap).optional(),
});

export const sendMessageSchema = z.object({ content: plainText(MSG.messageRequired, LIMITS.textCap) });

export const scheduleSchema = z.object({
  scheduledDate: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
  scheduledHours: z.number({ error: MSG.chooseDateHours }).int().min(1).max(8),
});

export const handleProjectSchema = z.object({ action: z.enum(['approve', 'request_revision']) });
