/**
 * Rate limits against DynamoDB Local, on a simulated clock: what a burst meets, and what a steady
 * pace never meets, whatever the windows' alignment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS, type LocalDynamo, startDynamo } from '../../scripts/local/dynamodb';
import { RATE_LIMITS } from '../../shared/limits';

const TABLE = 'rate-windows-unit';
let dynamo: LocalDynamo;
let windows: typeof import('./rate-windows');
let errors: typeof import('./errors');

beforeAll(async () => {
  dynamo = await startDynamo(undefined);
  await ensureTable(dynamo.endpoint, TABLE);
  Object.assign(process.env, LOCAL_CREDENTIALS, { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint });
  // Read at load, as in a Lambda: only now that the environment names DynamoDB Local.
  [windows, errors] = await Promise.all([import('./rate-windows'), import('./errors')]);
}, 60_000);

afterAll(() => dynamo?.stop());
afterEach(() => vi.useRealTimers());

const send = (subject: string) => windows.takeFromLimit('chat-messages', RATE_LIMITS.messagesPerAccount, subject, 'too fast').then(
  () => 'sent' as const,
  (error: unknown) => {
    if (error instanceof errors.TooManyRequests) return error;
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
  });

  it('meets 300 messages fired at once: the limit passes, the rest wait for the window', async () => {
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => send('flood')));
    const sent = outcomes.filter((outcome) => outcome === 'sent');
    expect(sent).toHaveLength(RATE_LIMITS.messagesPerAccount.max);
    for (const refused of outcomes.filter((outcome) => outcome !== 'sent')) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
