/**
 * The audit log of admin actions (GET /admin/audit): every action an admin takes on a member, an
 * offer, a withdrawal or an order's reported problem, as the admin reads it back.
 */
import * as z from 'zod/mini';
import { MSG } from '../texts';
import { cursor } from './chats';

export const AUDIT_ACTIONS = [
  'offer.approve',
  'offer.reject',
  'offer.edit',
  'user.update',
  'user.email-change',
  'user.ban',
  'user.unban',
  'user.delete',
  'user.restore',
  'user.create',
  'user.verify',
  'user.unverify',
  'admin.second-factor-change',
  'withdrawal.approve',
  'withdrawal.reject',
  'order.resolve',
  // Reads of a member's private data (decision 271): a reported order's conversation and file, a member's orders.
  'order.view-reported',
  'user.view-orders',
  'report.hide',
  'report.warn',
  'report.ban',
  'report.dismiss',
  'reconciliation.run',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = ['user', 'offer', 'withdrawal', 'order', 'report', 'reconciliation'] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];

/**
 * One admin action as the audit page shows it, and as its event carries it to the log.
 * `details` holds the action's own facts (a reason, the changed fields).
 */
export const auditEntryViewSchema = z.object({
  _id: z.string(),
  at: z.string(),
  admin: z.object({ _id: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGETS), _id: z.string(), label: z.optional(z.string()) }),
  clientIp: z.string(),
  details: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export interface AuditPage {
  entries: AuditEntryView[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

const id = z.string({ error: MSG.invalidFilter }).check(z.regex(/^[\w-]{1,64}$/, MSG.invalidFilter));

/** GET /admin/audit: newest first, narrowed to one action, one admin or one target. */
export const auditQuery = z.object({
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: MSG.invalidFilter })),
  adminId: z.optional(id),
  targetId: z.optional(id),
  cursor,
});
