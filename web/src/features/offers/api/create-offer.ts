import { createOfferSchema } from '@shared/schemas/offers';
import { api } from '@/lib/api-client';
import type * as z from 'zod/mini';

export { createOfferSchema };

export type CreateOfferInput = z.input<typeof createOfferSchema>;

/** Title and description go stripped of markup (the schema strips them). */
export const createOffer = (body: CreateOfferInput) => api.call('POST /api/offers/create', { body: createOfferSchema.parse(body) });
