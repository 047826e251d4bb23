import * as z from 'zod/mini';
import { MODERATION } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { api } from '@/lib/api-client';

/** The reject dialog's one field: the reason the expert reads, required, at most MODERATION.reasonMax characters. */
export const rejectOfferFormSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, MSG.rejectionReasonRequired), z.maxLength(MODERATION.reasonMax, MSG.fieldTooLong)),
});

/** Rejects an offer, with the reason its expert reads in My Offers and by mail. */
export const rejectOffer = (id: string, reason: string) => api.call('DELETE /api/admin/offers/{id}', { params: { id }, query: { reason } });
