/**
 * What the notifications function mails about: the business event of a change, stored with its
 * event item (functions/contexts/realtime/events.ts) and never pushed to browsers. The mail is
 * composed when it is sent, from the order as it is then.
 */
import * as z from 'zod/mini';

export const ORDER_NOTICE_KINDS = [
  'orderBooked',
  'sessionRescheduled',
  'sessionReminder',
  'projectSubmitted',
  'orderCompleted',
  'orderCanceled',
  'refundIssued',
  'problemResolved',
  'paymentDisputed',
  'disputeDecided',
  'fundsHeldLong',
  'holdExpired',
  'noShowReported',
] as const;
export type OrderNoticeKind = (typeof ORDER_NOTICE_KINDS)[number];

/** What the expert is mailed about their withdrawals (the money mails). */
export const WITHDRAWAL_NOTICE_KINDS = ['withdrawalRequested', 'withdrawalApproved', 'withdrawalRejected', 'withdrawalPaid', 'withdrawalFailed'] as const;
export type WithdrawalNoticeKind = (typeof WITHDRAWAL_NOTICE_KINDS)[number];

export const orderNoticeSchema = z.object({
  kind: z.enum(ORDER_NOTICE_KINDS),
  orderId: z.string(),
  /** A reminder's hours before the session. */
  hours: z.optional(z.number()),
});
export type OrderNotice = z.infer<typeof orderNoticeSchema>;

export const withdrawalNoticeSchema = z.object({ kind: z.enum(WITHDRAWAL_NOTICE_KINDS), withdrawalId: z.string() });
export type WithdrawalNotice = z.infer<typeof withdrawalNoticeSchema>;

/** What the expert is mailed about an admin's moderation of their offer (with the reason of a rejection). */
export const OFFER_NOTICE_KINDS = ['offerApproved', 'offerRejected'] as const;
export const offerNoticeSchema = z.object({ kind: z.enum(OFFER_NOTICE_KINDS), offerId: z.string() });
export type OfferNotice = z.infer<typeof offerNoticeSchema>;

/** A message for a member: mailed while they have no open socket, at most once a conversation in a window (decision 187). */
export const messageNoticeSchema = z.object({ kind: z.literal('newMessage'), chatId: z.string(), recipientId: z.string() });
export type MessageNotice = z.infer<typeof messageNoticeSchema>;

/** A member's data export is built: they are mailed that it is ready (the mail links to the page, never to the file). */
export const dataExportNoticeSchema = z.object({ kind: z.literal('dataExportReady'), userId: z.string() });
export type DataExportNotice = z.infer<typeof dataExportNoticeSchema>;

export const noticeSchema = z.union([orderNoticeSchema, withdrawalNoticeSchema, offerNoticeSchema, messageNoticeSchema, dataExportNoticeSchema]);
export type Notice = z.infer<typeof noticeSchema>;

export const isWithdrawalNotice = (notice: Notice): notice is WithdrawalNotice => 'withdrawalId' in notice;
export const isMessageNotice = (notice: Notice): notice is MessageNotice => notice.kind === 'newMessage';
export const isOfferNotice = (notice: Notice): notice is OfferNotice => 'offerId' in notice;
export const isDataExportNotice = (notice: Notice): notice is DataExportNotice => notice.kind === 'dataExportReady';
