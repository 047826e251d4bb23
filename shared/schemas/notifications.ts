/**
 * E-mail preferences (decision 186): three kinds of mail a member may switch off, and the one table
 * that says which kind every mail of the product is. A mail of the kind `always` (receipts,
 * security notices, legal and account mails) goes out whatever the preferences say.
 */
import * as z from 'zod/mini';
import { MSG } from '../texts';

export const NOTIFICATION_CATEGORIES = ['messages', 'orders', 'money'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

const choice = z.boolean({ error: MSG.notificationChoiceInvalid });
/** PUT /user/notification-preferences: every category, on or off (a replacement, never a patch). */
export const notificationPreferencesSchema = z.strictObject({ messages: choice, orders: choice, money: choice });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** An account that never chose gets every mail. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { messages: true, orders: true, money: true };

/**
 * Every mail the product sends, and its category. The notifications function holds back a mail
 * whose category its reader switched off; the account mails (auth Lambda) are all `always` and are
 * listed so that the table names every mail. A new mail gets a line here, or it does not compile.
 */
export const MAIL_CATEGORIES = {
  // Orders (functions/contexts/orders/mails.ts)
  bookingConfirmed: 'always', // the confirmation the terms promise after booking, a receipt
  paymentReceipt: 'always',
  refundReceipt: 'always',
  newBooking: 'orders',
  sessionRescheduled: 'orders',
  holdExpired: 'orders',
  sessionReminder: 'orders',
  workDelivered: 'orders',
  orderCompleted: 'orders',
  orderCanceled: 'orders',
  problemDecided: 'orders',
  noShowReported: 'orders',
  paymentDisputed: 'money',
  disputeDecided: 'money',
  fundsHeldLong: 'money',
  // Withdrawals (functions/contexts/earnings/mails.ts)
  withdrawalRequested: 'money',
  withdrawalApproved: 'money',
  withdrawalRejected: 'money',
  withdrawalPaid: 'money',
  withdrawalFailed: 'money',
  // Conversations (functions/contexts/chats/mails.ts)
  newMessages: 'messages',
  // Accounts (functions/contexts/accounts/mails.ts): security and account notices
  activation: 'always',
  passwordReset: 'always',
  accountExists: 'always',
  loginFlood: 'always',
  passwordChanged: 'always',
  contactMessage: 'always', // to the operator, not to a member
  emailChangeConfirm: 'always',
  emailChangeNotice: 'always',
  welcome: 'always',
  accountSuspended: 'always',
  accountRestored: 'always',
  recoveryCodeUsed: 'always',
  // Offers (functions/contexts/catalogue/notice-service.ts): a decision on the expert's own offer
  offerApproved: 'always',
  offerRejected: 'always',
  // Moderation and privacy (functions/contexts/reports/mails.ts, functions/contexts/privacy/mails.ts): safety, legal and account notices
  contentWarning: 'always',
  inactivityWarning: 'always',
  accountDeleted: 'always',
  dataExportReady: 'always', // the answer to the member's own request
} as const satisfies Record<string, NotificationCategory | 'always'>;
export type MailKind = keyof typeof MAIL_CATEGORIES;

/** Whether a mail of this kind goes to a reader with these preferences. */
export const isMailWanted = (kind: MailKind, preferences: NotificationPreferences): boolean => {
  const category: NotificationCategory | 'always' = MAIL_CATEGORIES[kind];
  return category === 'always' || preferences[category];
};
