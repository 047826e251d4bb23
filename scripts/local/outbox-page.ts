/** /_local/mails(.json): the mails the functions sent, newest first, read back from the SES outbox. */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../shared/markup';
import type { StoredMail } from './storage';

/** A file sent with a mail; its content base64-encoded, as SES takes it. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: OutboxAttachment[];
  at: number;
}

/** The mails, newest first; with `to`, only those addressed to it (in any case), as a test reads one inbox. */
export function outboxMails(stored: readonly StoredMail[], to?: string): OutboxMail[] {
  const recipient = to?.toLowerCase();
  return stored
    .filter((mail) => recipient === undefined || mail.destination.to.some((address) => address.toLowerCase() === recipient))
    .map((mail) => ({
      to: mail.destination.to,
      from: mail.from,
      subject: mail.subject,
      text: mail.body.text ?? '',
      html: mail.body.html ?? '',
      attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({ filename: filename ?? 'attachment', contentType, content })),
      at: mail.at,
    }))
    .reverse();
}

/** The attachments as links that open them, as a mail client would. */
const attachmentList = (attachments: OutboxAttachment[]) =>
  attachments.length === 0
    ? ''
    : `<p><strong>Attached:</strong> ${attachments
        .map(
          (file) =>
            `<a download="${escapeHtml(file.filename)}" href="data:${escapeHtml(file.contentType)};base64,${escapeHtml(file.content)}">${escapeHtml(file.filename)}</a>`,
        )
        .join(', ')}</p>`;

/** The mail as a mail program shows it: its HTML in a sandboxed frame (no scripts, no access to this page). */
const htmlPreview = (mail: { subject: string; html: string }) =>
  mail.html
    ? `<details><summary>As HTML</summary><iframe sandbox title="${escapeHtml(mail.subject)} as HTML" srcdoc="${escapeHtml(mail.html)}"></iframe></details>`
    : '';

/** `to`: the request's `?to=` (the page or its JSON), for one address's mails. */
export function serveOutbox(stored: readonly StoredMail[], asJson: boolean, response: ServerResponse, to?: string): void {
  const mails = outboxMails(stored, to);
  if (asJson) {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(mails));
    return;
  }
  const rows = mails
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p><strong>To:</strong> ${escapeHtml(mail.to.join(', '))} · <time>${new Date(mail.at * 1000).toLocaleString('en-GB')}</time></p><pre>${escapeHtml(mail.text)}</pre>${htmlPreview(mail)}${attachmentList(mail.attachments)}</article>`,
    )
    .join('');
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mail outbox</title><style>body{font-family:system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}iframe{width:100%;height:32rem;border:1px solid #ccc;border-radius:8px}</style></head><body><h1>Local mail outbox</h1><p>${mails.length} mail(s), newest first. JSON: <a href="/_local/mails.json">/_local/mails.json</a></p>${rows || '<p>No mail sent yet.</p>'}</body></html>`,
    );
}
