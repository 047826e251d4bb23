import { updateOfferSchema } from '@shared/schemas/offers';
import { api } from '@/lib/api-client';
import type * as z from 'zod/mini';

export { updateOfferSchema };

export type UpdateOfferInput = z.input<typeof updateOfferSchema>;

/**
 * Title, description, price, lesson type and optionally the uploaded photo's key. Never the pricing
 * type (spec 1 section 5); the schema drops unknown fields.
 */
export const updateOffer = (id: string, body: UpdateOfferInput) =>
  api.call('PATCH /api/offers/update/{id}', { params: { id }, body: updateOfferSchema.parse(body) });
