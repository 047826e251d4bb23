import { createOfferSchema } from '@shared/schemas/offers';
import { api } from '@/lib/api-client';
import type * as z from 'zod/mini';

export { createOfferSchema };

export type CreateOfferInput = z.input<typeof createOfferSchema>;

/** Title and description go stripped of markup (the schema strips them); the same key again makes no second offer. */
export const createOffer = (body: CreateOfferInput, idempotencyKey: string) =>
  api.call('POST /api/offers/create', { body: createOfferSchema.parse(body), idempotencyKey });
