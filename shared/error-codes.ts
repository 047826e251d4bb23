/**
 * Stable machine codes of error bodies (`{ msg, code }`). The text in `msg` is the spec's and may
 * change; clients branch on the code. A code names the outcome, not the HTTP status: several codes
 * share a status, and a status alone never tells a client what to do.
 */
export const ERROR_CODES = [
  // Generic outcomes, one per status, for errors nothing branches on.
  'bad_request',
  'validation_failed',
  'not_authenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'contention',
  'internal',
  // Requests the edge or the transport refuses.
  'direct_access',
  'cross_site_request',
  'duplicate_cookie',
  'invalid_json',
  'route_not_found',
  // Accounts and sessions.
  'email_taken',
  'password_too_common',
  'invalid_credentials',
  'current_password_wrong',
  'password_unchanged',
  'activation_required',
  'activation_link_invalid',
  'activation_password_wrong',
  'account_banned',
  'account_money_owed',
  'session_expired',
  'reset_link_invalid',
  'mail_unavailable',
  'session_not_found',
  'no_changes',
  'email_change_link_invalid',
  'entry_not_found',
  // The catalogue.
  'offer_not_found',
  'not_your_offer',
  'offer_not_pending',
  'payouts_required',
  'expert_not_found',
  'user_not_found',
  'too_many_favorites',
  // Uploads.
  'upload_missing',
  'upload_too_large',
  'upload_type_refused',
  // Chats.
  'chat_not_found',
  'not_your_chat',
  'offer_unavailable',
  'own_offer',
  'invalid_cursor',
  // Orders and payments.
  'order_not_movable',
  'not_your_turn',
  'session_in_past',
  'calls_only',
  'feed_not_found',
  'session_not_started',
  'call_not_delivered',
  'intro_used',
  'schedule_unconfirmed',
  'already_paid',
  'nothing_to_pay',
  'amount_mismatch',
  'total_too_large',
  'total_too_small',
  'payment_not_confirmed',
  'payments_unavailable',
  'order_not_ready',
  'invalid_signature',
  'reschedule_too_late',
  'order_not_reported',
  // Reviews.
  'order_not_found',
  'not_your_order',
  'order_not_closed',
  'already_reviewed',
  // Earnings and withdrawals.
  'payouts_not_enabled',
  'withdrawal_over_balance',
  'withdrawal_under_minimum',
  'withdrawals_pending_max',
  'withdrawal_not_found',
  'already_decided',
  // Reports of content (the admin issue).
  'own_content',
  'already_reported',
  'message_not_found',
  'review_not_found',
  'report_not_found',
  'report_resolved',
  // The admin's users (the admin issue)
  'role_change_refused',
  'not_an_expert',
  'already_archived',
  'not_archived',
  'password_change_required',
  // Bans and moderation (the admin issue).
  'admin_not_bannable',
  'expert_unavailable',
  // An admin's own second factor (docs/decisions.md 211).
  'second_factor_wrong',
  'step_up_required',
  'second_factor_change_expired',
  // Bookings (issue 25).
  'slot_taken',
  'slot_not_offered',
  'calendar_address_invalid',
  'calendar_unreadable',
  // Rooms (issue 26).
  'room_not_found',
  'room_not_open',
  'no_show_too_early',
  'room_not_joined',
  'other_side_came',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. `errors` lists field messages of a failed validation. */
export interface ErrorBody {
  msg: string;
  code: ErrorCode;
  errors?: { msg: string }[];
}
