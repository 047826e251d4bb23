/**
 * The mail of new messages for a member who was not online (decision 187): how many wait unread in
 * the conversation, who wrote, a short excerpt of the newest (plain text, never markup), and the link.
 */
import { escapeHtml, stripMarkup } from '../../../shared/markup';
import { config } from '../../platform/config';
import type { Mail } from '../../platform/mailer';
import type { ChatRecord, MemberRecord, MessageRecord } from './chat';

/** An excerpt says what the message is about; the conversation holds the rest. */
const EXCERPT_LENGTH = 140;

export function excerptOf(content: string): string {
  const text = stripMarkup(content).replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

export function newMessagesMail(reader: { email: string; firstName: string }, place: MemberRecord, newest: MessageRecord, chat: ChatRecord): Mail {
  const sender = `${newest.senderFirstName} ${newest.senderLastName}`.trim();
  const count = place.unreadCount;
  const what = count === 1 ? 'a new message' : `${count} new messages`;
  const url = `${config.appUrl}/messages?chatId=${encodeURIComponent(chat.chatId)}`;
  const lines = [`Hello ${reader.firstName},`, `${sender} sent you ${what} about “${chat.offer.title}”. The newest:`];
  const excerpt = excerptOf(newest.content);
  return {
    to: reader.email,
    subject: count === 1 ? `New message from ${sender}` : `${count} new messages from ${sender}`,
    text: `${lines.join('\n\n')}\n\n“${excerpt}”\n\nReply in the conversation: ${url}`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<blockquote>${escapeHtml(excerpt)}</blockquote><p><a href="${escapeHtml(url)}">Reply in the conversation</a></p>`,
  };
}
