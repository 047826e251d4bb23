import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS, MODERATION } from '../limits';
import { email, optionalPlainText, plainText } from './common';
import { cursor } from './chats';

export const adminCreateUserSchema = z.object({
  firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  email,
  password: z.string({ error: MSG.adminAllFieldsRequired }).check(z.minLength(LIMITS.passwordMin, MSG.adminPasswordMin), z.maxLength(LIMITS.passwordMax)),
});

export const adminUpdateUserSchema = z.partial(
  z.object({
    firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    email,
    role: z.enum(['user', 'professor']),
  }),
);

/** GET /admin/payments: the one order of `orderNumber`, or every paid order a page after `cursor`. */
export const adminPaymentsQuery = z.object({
  orderNumber: z.optional(
    z.pipe(
      z.string({ error: MSG.invalidOrderNumber }).check(z.regex(/^[1-9]\d{0,9}$/, MSG.invalidOrderNumber)),
      z.transform((text) => Number(text)),
    ),
  ),
  cursor,
});

/** POST /admin/ban-user/{id}: an optional reason, mailed to the member and kept in the audit log. */
export const banUserSchema = z.optional(z.object({ reason: optionalPlainText(MODERATION.reasonMax) }));

/**
 * DELETE /admin/offers/{id}?reason=: the reason of the rejection, which the expert reads in My
 * Offers and by mail (in the query string: calls of the route table that delete send no body).
 */
export const rejectOfferQuery = z.object({ reason: plainText(MSG.rejectionReasonRequired, MODERATION.reasonMax) });

/** One order a ban would cancel and refund in full, as the admin sees it before confirming. */
export interface BanPreviewOrder {
  _id: string;
  orderNumber: number;
  offerTitle: string;
  /** The banned member's side of the order. */
  side: 'student' | 'expert';
  refundCents: number;
}

/** GET /admin/users/{id}/ban-preview. */
export interface BanPreview {
  orders: BanPreviewOrder[];
}
