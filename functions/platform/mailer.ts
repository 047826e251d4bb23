import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { escapeHtml } from '../../shared/markup';
import type { MailKind } from '../../shared/schemas/notifications';

/** The one SES client of a Lambda (API v2: it sends attachments with a simple message). Locally its endpoint is the mail outbox. */
const ses = new SESv2Client({ region: config.region, endpoint: config.sesEndpoint });

/** A file sent with a mail, such as a calendar invite. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/**
 * A mail of a notice the notifications function sends: keyed to be sent once among the notice's
 * mails, of a kind that says whether its reader's preferences may hold it back.
 */
export interface NoticeMail {
  key: string;
  kind: MailKind;
  recipientId: string;
  mail: Mail;
}

export async function sendMail(mail: Mail): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          ...(mail.attachments?.length && {
            Attachments: mail.attachments.map((attachment) => ({
              FileName: attachment.filename,
              ContentType: attachment.contentType,
              ContentDisposition: 'ATTACHMENT' as const,
              RawContent: new TextEncoder().encode(attachment.content),
            })),
          }),
        },
      },
    }),
  );
}

/** A plain transactional mail with one call-to-action link, as text and HTML. */
export function linkMail(to: string, subject: string, intro: string, linkLabel: string, url: string, outro: string): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${linkLabel}: ${url}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
