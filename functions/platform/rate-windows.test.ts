/**
 * Rate limits against DynamoDB Local, on a simulated clock: what a burst meets, and what a steady
 * pace never meets, whatever the windows' alignment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../shared/limits';
import { withLocalTable } from '../../tests/support/local-table';

const loaded = withLocalTable('rate-windows-unit', () => Promise.all([import('./rate-windows'), import('./errors')]));

afterEach(() => vi.useRealTimers());

const send = (subject: string) =>
  loaded()[0]
    .takeFromLimit('chat-messages', RATE_LIMITS.messagesPerAccount, subject, 'too fast')
    .then(
      () => 'sent' as const,
      (error: unknown) => {
        if (error instanceof loaded()[1].TooManyRequests) return error;
        throw error;
      },
    );

describe('the chat message limit', () => {
  it('never slows a conversation of 5 messages a second sustained for a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-25T10:00:00.300Z');
    for (let at = 0; at < 300; at++) {
      vi.setSystemTime(start + at * 200);
      expect(await send('steady'), `message ${at + 1}`).toBe('sent');
    }
  }, 60_000);

  it('meets 300 messages fired at once: the limit passes, the rest wait for the window', async () => {
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => send('flood')));
    const sent = outcomes.filter((outcome) => outcome === 'sent');
    expect(sent).toHaveLength(RATE_LIMITS.messagesPerAccount.max);
    for (const refused of outcomes.filter((outcome) => outcome !== 'sent')) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
