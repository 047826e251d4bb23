/**
 * What the notifications function mails about a message (decision 187): the recipient's unread
 * messages in the conversation as they are now. Nothing once they have read them, or for an
 * account that is gone.
 */
import type { MessageNotice } from '../../../shared/schemas/notices';
import type { NoticeMail } from '../../platform/mailer';
import * as accounts from '../accounts/service';
import { newMessagesMail } from './mails';
import * as repository from './repository';

export async function messageNoticeMail(notice: MessageNotice): Promise<NoticeMail | undefined> {
  const { recipientId, chatId } = notice;
  const [place, chat, reader] = await Promise.all([
    repository.getMember(recipientId, chatId, true),
    repository.getChat(chatId),
    accounts.getAccount(recipientId),
  ]);
  if (!place?.lastMessage || place.unreadCount === 0 || !chat || !reader || reader.isDeleted || reader.isBanned) return undefined;
  return { key: `${recipientId}#messages`, kind: 'newMessages', recipientId, mail: newMessagesMail(reader, place, place.lastMessage, chat) };
}
