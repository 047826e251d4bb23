import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS, MODERATION, SECOND_FACTOR } from '../limits';
import type { Role } from '../roles';
import { email, optionalPlainText, plainText, withoutControlCharacters } from './common';
import { cursor } from './chats';

export const adminCreateUserSchema = z.object({
  firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  email,
  password: z.string({ error: MSG.adminAllFieldsRequired }).check(z.minLength(LIMITS.passwordMin, MSG.adminPasswordMin), z.maxLength(LIMITS.passwordMax)),
});

/** POST /admin/second-factor: the password and a code of the factor in use (or a recovery code), before a new secret is made. */
export const secondFactorChangeSchema = z.object({
  password: z.string({ error: MSG.passwordRequired }).check(z.minLength(1, MSG.passwordRequired), z.maxLength(LIMITS.passwordMax * 4, MSG.passwordTooLong)),
  code: z
    .string({ error: MSG.adminCodeRequired })
    .check(z.trim(), z.minLength(1, MSG.adminCodeRequired), z.maxLength(SECOND_FACTOR.codeMax, MSG.secondFactorCodeWrong)),
});

/**
 * A decision that moves money (decision 265): the admin's code, asked for again when their last one
 * is more than AUTH_TIMINGS.adminStepUpSeconds old (the answer says so: 403 step_up_required).
 */
export const stepUpCode = z.optional(z.string().check(z.trim(), z.maxLength(SECOND_FACTOR.codeMax, MSG.secondFactorCodeWrong)));

/** POST /admin/withdrawals/{id}/approve: a payout to the expert's account. */
export const approveWithdrawalSchema = z.optional(z.object({ code: stepUpCode }));

/** POST /admin/second-factor/confirm: the authenticator's code for the new secret. */
export const secondFactorConfirmSchema = z.object({
  code: z.string({ error: MSG.newSecondFactorCodeRequired }).check(z.trim(), z.regex(/^\d{6}$/, MSG.newSecondFactorCodeRequired)),
});

/** A new secret waiting for its first code: what the admin types or pastes into the authenticator app. */
export interface NewSecondFactor {
  secret: string;
  uri: string;
  /** When it is dropped unless confirmed. */
  expiresAt: string;
}

/** The new secret confirmed: the recovery codes that go with it, shown once. */
export interface SecondFactorChanged {
  msg: string;
  recoveryCodes: string[];
}

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

/**
 * GET /admin/users and /admin/archived-users: newest first; `q` finds the members with, for each of
 * its words, a word of their first name, last name or e-mail that starts with it, whatever the case
 * and accents (decision 206); narrowed to one role and (users only) to banned or not.
 */
export const adminUsersQuery = z.object({
  q: z.optional(
    z.pipe(
      z.string({ error: MSG.invalidFilter }).check(withoutControlCharacters('one'), z.maxLength(LIMITS.nameMax, MSG.invalidFilter)),
      z.transform((text) => text.trim()),
    ),
  ),
  role: z.optional(z.enum(['user', 'professor'], { error: MSG.invalidRoleFilter })),
  banned: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: MSG.invalidFilter }),
      z.transform((flag) => flag === 'true'),
    ),
  ),
  cursor,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** POST /admin/users/{id}/verify (added): what the admin checked before granting the badge. */
export const verifyExpertSchema = z.object({
  note: plainText(MSG.verifyNoteRequired, LIMITS.verifyNoteMax, 'several').check(z.minLength(LIMITS.verifyNoteMin, MSG.verifyNoteRequired)),
});

/** A member as the admin's users list shows them: an allowlist, never a secret. */
export interface AdminUserRow {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Exclude<Role, 'admin'>;
  status: 'pending' | 'active';
  isBanned: boolean;
  isDeleted: boolean;
  /** Experts only. */
  isVerified?: boolean;
  verifiedNote?: string;
  verifiedAt?: string;
  /** The member still has to replace the password an admin set. */
  mustChangePassword: boolean;
  createdAt: string;
  lastLoginAt?: string;
  profilePhoto?: string;
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

/** POST /admin/ban-user/{id}: an optional reason, mailed to the member and kept in the audit log. */
export const banUserSchema = z.optional(z.object({ reason: optionalPlainText(MODERATION.reasonMax, MSG.fieldTooLong, 'several'), code: stepUpCode }));

/**
 * DELETE /admin/offers/{id}?reason=: the reason of the rejection, which the expert reads in My
 * Offers and by mail (in the query string: calls of the route table that delete send no body).
 */
export const rejectOfferQuery = z.object({ reason: plainText(MSG.rejectionReasonRequired, MODERATION.reasonMax, 'several') });

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
  /** Paid sessions both sides attended (docs/rooms.md): not refunded, each goes to an admin as a problem. */
  reported: Omit<BanPreviewOrder, 'refundCents'>[];
}
