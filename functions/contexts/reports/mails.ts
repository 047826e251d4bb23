/** The mail a warned author receives: a safety notice, always sent whatever the member's mail preferences. */
import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '../../../shared/schemas/reports';
import { config } from '../../platform/config';
import { type Mail, mailParagraphs } from '../../platform/mailer';

const EXCERPT = 120;
const NAMES: Record<ReportTargetType, string> = { message: 'message', review: 'review', offer: 'offer' };

export function reportWarningMail(to: string, warned: { targetType: ReportTargetType; content: string; reason: ReportReason; note?: string }): Mail {
  const excerpt = warned.content.length > EXCERPT ? `${warned.content.slice(0, EXCERPT)}…` : warned.content;
  const lines = [
    `Our moderators reviewed reports about your ${NAMES[warned.targetType]} "${excerpt}" and found that it breaks our community rules.`,
    `Reason: ${REPORT_REASON_LABELS[warned.reason]}.`,
    ...(warned.note ? [`Note from the moderator: ${warned.note}`] : []),
    'Please keep to our rules from now on: repeated breaches can lead to your account being suspended.',
    `Questions? Write to us at ${config.supportEmail}.`,
  ];
  return {
    to,
    subject: 'A warning about your content',
    text: lines.join('\n\n'),
    html: mailParagraphs(lines),
  };
}
