/**
 * What moderation (the reports context) asks of the chats context: a reported message, as a member
 * of its conversation sees it, and its removal once an admin upholds a report.
 */
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { NotFound } from '../../platform/errors';
import type { TransactWrite } from '../../platform/table';
import * as repository from './repository';
import { placeOf } from './service';

export interface ReportedMessage {
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  content: string;
}

/** A message of a conversation the caller takes part in (403 otherwise, 404 for none), not removed already. */
export async function reportedMessage(caller: Caller, chatId: string, messageId: string): Promise<ReportedMessage> {
  await placeOf(caller, chatId);
  const message = await repository.getMessage(chatId, messageId);
  if (!message || message.removedAt !== undefined) throw new NotFound(MSG.messageNotFound, 'message_not_found');
  return { authorId: message.senderId, authorFirstName: message.senderFirstName, authorLastName: message.senderLastName, content: message.content };
}

/**
 * Removes the message for both members with `alongside` in one transaction. false when the
 * conversation or the message is gone, or a write alongside is refused.
 */
export async function removeMessage(chatId: string, messageId: string, alongside: TransactWrite[]): Promise<boolean> {
  const chat = await repository.getChat(chatId);
  return chat !== undefined && repository.removeMessage(chat, messageId, alongside);
}
