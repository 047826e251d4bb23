import { describe, expect, it } from 'vitest';
import { outboxMails } from './outbox-page';
import type { StoredMail } from './storage';

const mail = (to: string[], subject: string, at: number): StoredMail => ({
  from: 'no-reply@example.com',
  destination: { to },
  subject,
  body: { text: `${subject} text` },
  at,
});

const stored = [
  mail(['Ana@Example.com'], 'Activate your account', 1),
  mail(['bob@example.com'], 'Reset your password', 2),
  mail(['bob@example.com', 'ana@example.com'], 'Order completed', 3),
];

describe('the outbox read back', () => {
  it('lists every mail, newest first, with its text and no attachments when it had none', () => {
    const mails = outboxMails(stored);
    expect(mails.map((m) => m.subject)).toEqual(['Order completed', 'Reset your password', 'Activate your account']);
    expect(mails[2]).toEqual({
      to: ['Ana@Example.com'],
      from: 'no-reply@example.com',
      subject: 'Activate your account',
      text: 'Activate your account text',
      html: '',
      attachments: [],
      at: 1,
    });
  });

  it('gives one address its own mails, whatever the case of either', () => {
    expect(outboxMails(stored, 'ANA@example.com').map((m) => m.subject)).toEqual(['Order completed', 'Activate your account']);
    expect(outboxMails(stored, 'nobody@example.com')).toEqual([]);
  });
});
