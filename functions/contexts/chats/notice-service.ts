/**
 * What the notifications function mails about messages (decisions 187 and 219): the recipient's
 * unread messages in the conversation as they are now, and at the end of a window the ones that came
 * after its mail. Nothing once they have read them, or for an account that is gone.
 */
import type { MessageNotice } from '../../../shared/schemas/notices';
import type { Mail, NoticeMail } from '../../platform/mailer';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { moreMessagesMail, newMessagesMail } from './mails';
import * as repository from './repository';

/** What a message mail told its reader: the newest message it quoted, and how many it counted unread. */
export interface MessagesTold {
  upTo: string;
  unread: number;
}

export type MessageMail = NoticeMail & { told: MessagesTold };

async function unreadOf(recipientId: string, chatId: string) {
  const [place, chat, reader] = await Promise.all([
    repository.getMember(recipientId, chatId, true),
    repository.getChat(chatId),
    accounts.getAccount(recipientId),
  ]);
  if (!place?.lastMessage || place.unreadCount === 0 || !chat || !reader || reader.isDeleted || reader.isBanned) return undefined;
  return { place, newest: place.lastMessage, chat, reader, told: { upTo: place.lastMessage.messageId, unread: place.unreadCount } };
}

/** A mail about the reader's unread messages in a conversation, and what it told them. */
const messageMail = (reader: AccountRecord, mail: Mail, told: MessagesTold): MessageMail => ({
  key: `${reader.userId}#messages`,
  kind: 'newMessages',
  recipient: accounts.recipientOf(reader),
  mail,
  told,
});

export async function messageNoticeMail(notice: MessageNotice): Promise<MessageMail | undefined> {
  const { recipientId, chatId } = notice;
  const found = await unreadOf(recipientId, chatId);
  if (!found) return undefined;
  const { place, newest, chat, reader, told } = found;
  return messageMail(reader, newMessagesMail(reader, place, newest, chat), told);
}

/**
 * The summary at a window's end: the messages unread now that came after what the window's mail
 * told. A reader who read since counts every unread message; one who did not, those beyond the
 * ones already counted. None when nothing new waits, or when the newest is the reader's own (they
 * wrote since, so they saw the conversation).
 */
export async function messageSummaryMail(recipientId: string, chatId: string, before: MessagesTold): Promise<MessageMail | undefined> {
  const found = await unreadOf(recipientId, chatId);
  if (!found || found.newest.senderId === recipientId || found.newest.messageId <= before.upTo) return undefined;
  const { place, newest, chat, reader, told } = found;
  const readSince = (place.readUpTo ?? '') >= before.upTo;
  const count = readSince ? place.unreadCount : place.unreadCount - before.unread;
  if (count < 1) return undefined;
  return messageMail(reader, moreMessagesMail(reader, count, newest, chat), told);
}
