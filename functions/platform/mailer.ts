import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { escapeHtml } from '../../shared/markup';
import { oneLine } from '../../shared/control-characters';
import { MAIL_CATEGORIES, type MailKind, type NotificationPreferences } from '../../shared/schemas/notifications';

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

/** Who a notice's mail is for: their account, and the kinds of mail they want, as read with the notice. */
export interface Recipient {
  userId: string;
  preferences: NotificationPreferences;
}

/**
 * A mail of a notice the notifications function sends: keyed to be sent once among the notice's
 * mails, of a kind that says whether its reader's preferences may hold it back.
 */
export interface NoticeMail {
  key: string;
  kind: MailKind;
  recipient: Recipient;
  mail: Mail;
}

/**
 * Sends a mail in the product's frame: its HTML inside the branded page of `mailDocument`, and both
 * forms end with the footer. A notice of a `kind` its reader may switch off says where to do so.
 */
export async function sendMail(mail: Mail, kind?: MailKind): Promise<void> {
  const footer = footerLines(kind);
  // A subject is built from names and titles, some stored before control characters were refused:
  // on one line here, whatever the caller passed, so that no CR or LF can reach the header.
  const subject = oneLine(mail.subject);
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: {
            // '-- ' on a line of its own: the signature delimiter mail programs recognise (RFC 3676).
            Text: { Data: `${mail.text}\n\n-- \n${footerText(footer)}`, Charset: 'UTF-8' },
            Html: { Data: mailDocument(subject, mail.html, footer), Charset: 'UTF-8' },
          },
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
    html: `${mailParagraphs([intro])}${mailButton(url, linkLabel)}${mailParagraphs([outro])}`,
  };
}

/** Lines of a mail as HTML paragraphs, each escaped. */
export const mailParagraphs = (lines: readonly string[]): string => lines.map((line) => `<p style="${STYLE.paragraph}">${escapeHtml(line)}</p>`).join('');

/** A mail's call to action: a link drawn as a button. */
export const mailButton = (url: string, label: string): string =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="${STYLE.button}">${escapeHtml(label)}</a></p>`;

/** A quoted excerpt of what someone wrote. */
export const mailQuote = (text: string): string => `<blockquote style="${STYLE.quote}">${escapeHtml(text)}</blockquote>`;

const PRODUCT = 'Mentorship';
// Mail programs drop style sheets and scripts: the frame is a table with inline styles, the app's colours.
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const STYLE = {
  page: `margin:0;padding:0;background:#f5f7fb;color:#1b2330;font-family:${FONT}`,
  card: 'width:100%;max-width:560px;background:#ffffff;border:1px solid #d6dbe4;border-radius:10px',
  brand: 'padding:20px 28px;border-bottom:1px solid #d6dbe4;font-size:18px;font-weight:700;color:#1b2330',
  mark: 'display:inline-block;width:28px;height:28px;line-height:28px;margin-right:8px;border-radius:6px;background:#1f4fd1;color:#ffffff;text-align:center',
  body: 'padding:24px 28px;font-size:16px;line-height:1.55',
  paragraph: 'margin:0 0 16px',
  button: 'display:inline-block;padding:12px 20px;border-radius:6px;background:#1f4fd1;color:#ffffff;font-weight:600;text-decoration:none',
  quote: 'margin:0 0 16px;padding:8px 16px;border-left:4px solid #d6dbe4;color:#4a5566',
  footer: 'padding:16px 28px;border-top:1px solid #d6dbe4;font-size:13px;line-height:1.5;color:#4a5566',
};

/** A line of a mail's footer: a sentence and the page it names. */
interface FooterLine {
  text: string;
  label: string;
  url: string;
}

/** What ends every mail: the product, and for a notice its reader may switch off, where to. */
function footerLines(kind: MailKind | undefined): FooterLine[] {
  const lines = [{ text: `${PRODUCT}: verified industry experts, one-to-one.`, label: `Visit ${PRODUCT}`, url: config.appUrl }];
  if (kind !== undefined && MAIL_CATEGORIES[kind] !== 'always') {
    lines.push({
      text: 'You get this e-mail because of your notification settings.',
      label: 'Change them',
      url: `${config.appUrl}/profile?tab=notifications`,
    });
  }
  return lines;
}

const footerText = (footer: readonly FooterLine[]) => footer.map(({ text, label, url }) => `${text} ${label}: ${url}`).join('\n');
const footerHtml = (footer: readonly FooterLine[]) =>
  footer.map(({ text, label, url }) => `${escapeHtml(text)} <a href="${escapeHtml(url)}" style="color:#173ba0">${escapeHtml(label)}</a>`).join('<br>');

/** The mail's HTML page: the brand, the mail's own HTML (already escaped by its author), the footer. */
function mailDocument(subject: string, body: string, footer: readonly FooterLine[]): string {
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.page}"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fb"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="${STYLE.card}">`,
    `<tr><td style="${STYLE.brand}"><span style="${STYLE.mark}">${PRODUCT[0]}</span>${PRODUCT}</td></tr>`,
    `<tr><td style="${STYLE.body}">${body}</td></tr>`,
    `<tr><td style="${STYLE.footer}">${footerHtml(footer)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}
