/** What the notifications function mails about a member's data export: that it is ready, to its member. */
import type { DataExportNotice } from '../../../shared/schemas/notices';
import type { NoticeMail } from '../../platform/mailer';
import * as accounts from '../accounts/service';
import { dataExportReadyMail } from './mails';

/** The mail of an export's notice; none when the account is gone. */
export async function dataExportNoticeMails(notice: DataExportNotice): Promise<NoticeMail[]> {
  const member = await accounts.getAccount(notice.userId);
  if (!member || member.isDeleted) return [];
  return [{ key: `${member.userId}#${notice.kind}`, kind: notice.kind, recipient: accounts.recipientOf(member), mail: dataExportReadyMail(member.email) }];
}
