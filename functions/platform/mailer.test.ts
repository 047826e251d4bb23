import { SESv2Client, type SendEmailCommand } from '@aws-sdk/client-sesv2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMail } from './mailer';

beforeAll(() => {
  process.env.APP_URL = 'https://mentors.example';
  process.env.MAIL_FROM = 'no-reply@mentors.example';
});

/** Sends the mail through a stand-in for SES and answers the subject and the HTML page it was given. */
async function sent(subject: string) {
  const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({} as never);
  await sendMail({ to: 'ann@example.com', subject, text: 'Hello', html: '<p>Hello</p>' });
  const { Simple } = (send.mock.calls[0][0] as SendEmailCommand).input.Content!;
  send.mockRestore();
  return { subject: Simple!.Subject!.Data, html: Simple!.Body!.Html!.Data };
}

describe('a mail’s subject', () => {
  it('is one line whatever the caller passed: each run of control characters becomes one space', async () => {
    const mail = await sent('New message from Ann\r\nBcc: someone@example.com');
    expect(mail.subject).toBe('New message from Ann Bcc: someone@example.com');
    expect(mail.html).toContain('<title>New message from Ann Bcc: someone@example.com</title>');
    expect((await sent('Order #12:\tValuation\u0000\u0085\u007fworkshop\n')).subject).toBe('Order #12: Valuation workshop');
    // A subject without control characters is kept as it is.
    expect((await sent('3 new messages from Zoë O’Brien 😀')).subject).toBe('3 new messages from Zoë O’Brien 😀');
  });
});
