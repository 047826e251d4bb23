import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from './config';
import { escapeHtml } from '../../shared/markup';

/** The one SES client of a Lambda. Locally its endpoint is the mail outbox. */
const ses = new SESClient({ region: config.region, endpoint: config.sesEndpoint });

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: Mail): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      Source: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
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
