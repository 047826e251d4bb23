/**
 * The mail of new messages for a member who was not online (decision 187): how many wait unread in
 * the conversation, who wrote, a short excerpt of the newest (plain text, never markup), and the link;
 * and the summary of those that came after it, at the end of its window (decision 219).
 */
import { conversationPath } from '../../../shared/app-paths';
import { stripMarkup } from '../../../shared/markup';
import { config } from '../../platform/config';
import { type Mail, mailButton, mailParagraphs, mailQuote } from '../../platform/mailer';
import type { ChatRecord, MemberRecord, MessageRecord } from './chat';

/** An excerpt says what the message is about; the conversation holds the rest. */
const EXCERPT_LENGTH = 140;

export function excerptOf(content: string): string {
  const text = stripMarkup(content).replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

export function newMessagesMail(reader: Reader, place: MemberRecord, newest: MessageRecord, chat: ChatRecord): Mail {
  const sender = senderOf(newest);
  const count = place.unreadCount;
  const what = count === 1 ? 'a new message' : `${count} new messages`;
  return messagesMail(reader, {
    subject: count === 1 ? `New message from ${sender}` : `${count} new messages from ${sender}`,
    lead: `${sender} sent you ${what} about “${chat.offer.title}”. The newest:`,
    newest,
    chat,
  });
}

/** The summary at the end of a window (decision 219): the messages that came after its first mail. */
export function moreMessagesMail(reader: Reader, count: number, newest: MessageRecord, chat: ChatRecord): Mail {
  const sender = senderOf(newest);
  const what = count === 1 ? '1 more message' : `${count} more messages`;
  return messagesMail(reader, {
    subject: `${what} from ${sender}`,
    lead: `Since our last mail, ${sender} sent you ${what} about “${chat.offer.title}”. The newest:`,
    newest,
    chat,
  });
}

type Reader = { email: string; firstName: string };

const senderOf = (message: MessageRecord) => `${message.senderFirstName} ${message.senderLastName}`.trim();

function messagesMail(reader: Reader, { subject, lead, newest, chat }: { subject: string; lead: string; newest: MessageRecord; chat: ChatRecord }): Mail {
  const url = `${config.appUrl}${conversationPath(chat.chatId)}`;
  const lines = [`Hello ${reader.firstName},`, lead];
  const excerpt = excerptOf(newest.content);
  return {
    to: reader.email,
    subject,
    text: `${lines.join('\n\n')}\n\n“${excerpt}”\n\nReply in the conversation: ${url}`,
    html: `${mailParagraphs(lines)}${mailQuote(excerpt)}${mailButton(url, 'Reply in the conversation')}`,
  };
}
