/**
 * The money mails of a withdrawal (the expert asked, an admin rejected it, the payout reached the
 * bank or failed), composed when the notifications function sends them, from the withdrawal as it
 * is then. Amounts in euros with two decimals.
 */
import { eurosFromCents, formatEuros } from '../../../shared/money';
import type { WithdrawalNotice } from '../../../shared/schemas/notices';
import { HOLDING_RULES } from '../../../shared/limits';
import { config } from '../../platform/config';
import { type Mail, mailButton, mailParagraphs, type NoticeMail, type Recipient } from '../../platform/mailer';
import { HOLDING_PAYOUT_PREFIX, type WithdrawalRecord } from './withdrawal';

export interface Payee extends Recipient {
  email: string;
  firstName: string;
}

function mailTo(payee: Payee, subject: string, paragraphs: (string | undefined)[]): Mail {
  const lines = [`Hello ${payee.firstName},`, ...paragraphs.filter((line): line is string => line !== undefined)];
  const url = `${config.appUrl}/earnings`;
  return {
    to: payee.email,
    subject,
    text: `${lines.join('\n\n')}\n\nYour earnings: ${url}`,
    html: `${mailParagraphs(lines)}${mailButton(url, 'Your earnings')}`,
  };
}

/** The mail of a withdrawal's notice, keyed for sending once. */
export function withdrawalMail(notice: WithdrawalNotice, withdrawal: WithdrawalRecord, payee: Payee): NoticeMail {
  return { ...keyedMail(notice, withdrawal, payee), kind: notice.kind, recipient: payee };
}

function keyedMail(notice: WithdrawalNotice, withdrawal: WithdrawalRecord, payee: Payee): { key: string; mail: Mail } {
  const amount = formatEuros(eurosFromCents(withdrawal.amountCents));
  const key = `${payee.userId}#${notice.kind}`;
  switch (notice.kind) {
    case 'withdrawalRequested':
      return {
        key,
        mail: mailTo(payee, `Withdrawal requested: ${amount}`, [
          `We received your request to withdraw ${amount}.`,
          'An administrator reviews it; you will hear from us when the payout is on its way and when it reaches your bank.',
        ]),
      };
    case 'withdrawalApproved':
      return {
        key,
        mail: mailTo(
          payee,
          `Payout on its way: ${amount}`,
          withdrawal.withdrawalId.startsWith(HOLDING_PAYOUT_PREFIX)
            ? [
                `We paid out ${amount} of your earnings to your bank account: funds may not stay in your payout account more than ${HOLDING_RULES.limitDays} days.`,
                'Banks usually show it within a few business days. We will tell you when it arrives.',
              ]
            : [
                `Your withdrawal of ${amount} was approved, and the payout to your bank account is on its way.`,
                'Banks usually show it within a few business days. We will tell you when it arrives.',
              ],
        ),
      };
    case 'withdrawalRejected':
      return {
        key,
        mail: mailTo(payee, `Withdrawal not approved: ${amount}`, [
          `Your withdrawal of ${amount} was not approved.`,
          withdrawal.reason && `The reason given: ${withdrawal.reason}`,
          'The amount is available again in your earnings.',
        ]),
      };
    case 'withdrawalPaid':
      return { key, mail: mailTo(payee, `Paid out: ${amount}`, [`${amount} has been paid out to your bank account.`]) };
    case 'withdrawalFailed':
      return {
        key,
        mail: mailTo(payee, `Payout failed: ${amount}`, [
          `The payout of ${amount} to your bank account failed.`,
          withdrawal.failureMessage && `The payment provider says: ${withdrawal.failureMessage}`,
          'The amount is available again in your earnings. Check your bank details in your payout account, then withdraw again.',
        ]),
      };
  }
}
