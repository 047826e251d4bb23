/**
 * Rate limits against DynamoDB Local, on a simulated clock: what a burst meets, and what a steady
 * pace never meets, whatever the windows' alignment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../shared/limits';
import { withLocalTable } from '../../tests/support/local-table';

const loaded = withLocalTable('rate-windows-unit', () => Promise.all([import('./rate-windows'), import('./errors'), import('./table')]));

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

describe('a window', () => {
  const windowOf = async (key: { pk: string; sk: string }) => {
    const [, , { db }] = loaded();
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    return (await db.send(new GetCommand({ TableName: 'rate-windows-unit', Key: key, ConsistentRead: true }))).Item;
  };

  it('counts from 1 when it opens, expires with itself, and opens anew from 1 once it has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-25T10:00:00.000Z') / 1000;
    const key = { pk: 'RATE#window-unit', sk: 'SUBJECT#passing' };
    const count = (at: number) => {
      vi.setSystemTime((start + at) * 1000);
      return loaded()[0].countInWindow(key, 60);
    };
    expect(await count(0)).toEqual({ count: 1, firstAt: start });
    expect(await windowOf(key)).toMatchObject({ count: 1, firstAt: start, expiresAt: start + 60 });
    expect(await count(30)).toEqual({ count: 2, firstAt: start });
    expect(await count(59)).toEqual({ count: 3, firstAt: start });
    expect(await windowOf(key)).toMatchObject({ expiresAt: start + 60 });
    expect(await count(60)).toEqual({ count: 1, firstAt: start + 60 });
    expect(await windowOf(key)).toMatchObject({ count: 1, firstAt: start + 60, expiresAt: start + 120 });
  });

  it('gives each of 20 events at once, the first of their key, a count of its own', async () => {
    const key = { pk: 'RATE#window-unit', sk: 'SUBJECT#together' };
    const counts = await Promise.all(Array.from({ length: 20 }, () => loaded()[0].countInWindow(key, 60)));
    expect(counts.map((window) => window.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(new Set(counts.map((window) => window.firstAt)).size).toBe(1);
  });

  it('gives each of 20 events at once, after the last window passed, a count of its own in one new window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-25T12:00:00.000Z') / 1000;
    const key = { pk: 'RATE#window-unit', sk: 'SUBJECT#reopened' };
    vi.setSystemTime(start * 1000);
    await loaded()[0].countInWindow(key, 60);
    vi.setSystemTime((start + 61) * 1000);
    const counts = await Promise.all(Array.from({ length: 20 }, () => loaded()[0].countInWindow(key, 60)));
    expect(counts.map((window) => window.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(counts.every((window) => window.firstAt === start + 61)).toBe(true);
  });
});
