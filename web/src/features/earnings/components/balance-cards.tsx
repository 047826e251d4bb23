import type { ReactNode } from 'react';
import { formatEuros } from '@shared/money';
import type { Earnings } from '@shared/schemas/earnings';
import { formatDateTimeWithZone } from '@/lib/format-date';

interface Card {
  key: string;
  label: string;
  amount: number;
  note: ReactNode;
}

function pendingNote({ pending, pendingAvailableOn }: Earnings): string {
  if (pending <= 0) return 'Nothing is waiting to be released.';
  const when = pendingAvailableOn ? ` The first of it becomes available on ${formatDateTimeWithZone(pendingAvailableOn)}.` : '';
  return `Earned, not yet released by our payment provider.${when}`;
}

/**
 * The expert's balances (docs/payouts.md): what can be withdrawn now, what is on its way to being
 * withdrawable, held, asked for and paid out; frozen and owed only when there is any.
 */
export function BalanceCards({ earnings }: { earnings: Earnings }) {
  const cards: Card[] = [
    { key: 'available', label: 'Available', amount: earnings.balance, note: 'You can withdraw this now.' },
    { key: 'pending', label: 'Pending', amount: earnings.pending, note: pendingNote(earnings) },
    ...(earnings.frozen > 0
      ? [
          {
            key: 'frozen',
            label: 'Frozen',
            amount: earnings.frozen,
            note: 'Your share of a payment a student disputes with their bank, held until the bank decides. It is yours again if the dispute is decided in your favour.',
          },
        ]
      : []),
    { key: 'requested', label: 'Requested', amount: earnings.requested, note: 'Withdrawals waiting for an administrator or on their way to your bank.' },
    { key: 'withdrawn', label: 'Withdrawn', amount: earnings.withdrawn, note: 'Paid out to your bank account so far.' },
    ...(earnings.owed > 0
      ? [
          {
            key: 'owed',
            label: 'Owed',
            amount: earnings.owed,
            note: 'Owed to the platform: your share of a lost dispute that had been paid out to you already, or funds taken back. Your next earnings settle it first.',
          },
        ]
      : []),
  ];
  return (
    <dl className="balance-cards">
      {cards.map((card) => (
        <div key={card.key} className={`card balance-card balance-card-${card.key}`}>
          <dt>{card.label}</dt>
          <dd className="balance-amount">{formatEuros(card.amount)}</dd>
          <dd className="balance-note">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}
