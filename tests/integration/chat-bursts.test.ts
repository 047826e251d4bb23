/**
 * Bursts against the chat calls, as a security review ran them on the running stack: many
 * conversations opened at once by several students must all get an answer that is a success or the
 * rate limit's, never a 5xx, and every order a number of its own; a flood of messages meets the
 * per-account limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT, RATE_LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import type { ChatMessages, CreatedChat } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { DEMO_EXPERTS } from '../../scripts/local/demo-accounts';
import { signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';

const STUDENTS = 8;
const CONVERSATIONS_EACH = 25;

let offers: OfferDto[];

beforeAll(async () => {
  // Offers of catalogue experts that no other test signs in as, so their lists stay as tests expect.
  const loginExperts = new Set(DEMO_EXPERTS.map((expert) => expert.firstName));
  const pages = await Promise.all([2, 3].map((page) => new ApiClient().get<OfferDto[]>(`/offers/all?page=${page}&limit=50`)));
  offers = pages
    .flatMap((page) => page.body)
    .filter((offer) => !loginExperts.has(offer.professor.firstName))
    .slice(0, CONVERSATIONS_EACH);
  expect(offers).toHaveLength(CONVERSATIONS_EACH);
});

describe('a burst of new conversations', () => {
  it(`answers ${STUDENTS * CONVERSATIONS_EACH} parallel openings by ${STUDENTS} students with no 5xx, and numbers every order once`, async () => {
    const students = await Promise.all(Array.from({ length: STUDENTS }, () => signedInStudent()));
    const answers = await Promise.all(
      students.flatMap(({ client }) => offers.map((offer) => client.post<CreatedChat>('/chats/create', { offerId: offer._id }))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    const numbers = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.chat.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length).toBeGreaterThan(0);
  });
});

/** Every message of the conversation, page after page (newest page first). */
async function allMessages(client: ApiClient, chatId: string): Promise<ChatMessages['messages']> {
  const messages: ChatMessages['messages'] = [];
  for (let before: string | undefined; ; ) {
    const page = await client.get<ChatMessages>(`/chats/chat/${chatId}?limit=${CHAT.pageMax}${before ? `&before=${before}` : ''}`);
    messages.push(...page.body.messages);
    if (page.body.messages.length < CHAT.pageMax) return messages;
    before = page.body.messages[0]._id;
  }
}

/** The sent messages of each window of the message limit, from their times: a window opens at a whole second and lasts windowSeconds. */
function messagesPerWindow(times: string[]): number[] {
  const seconds = times.map((time) => Math.floor(Date.parse(time) / 1000)).sort((a, b) => a - b);
  const windows: { opened: number; messages: number }[] = [];
  for (const second of seconds) {
    const current = windows.at(-1);
    if (current && second < current.opened + RATE_LIMITS.messagesPerAccount.windowSeconds) current.messages += 1;
    else windows.push({ opened: second, messages: 1 });
  }
  return windows.map((window) => window.messages);
}

describe('a flood of messages', () => {
  it('meets 300 messages fired at once in one conversation with the rate limit: 429 with Retry-After, never a 5xx, at most the limit sent in each window', async () => {
    const { client: student } = await signedInStudent();
    const opened = await student.post<CreatedChat>('/chats/create', { offerId: offers[0]._id });
    expect(opened.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, at) => student.post(`/chats/${opened.body.chat._id}/messages`, { content: `Message ${at}` })),
    );
    const sent = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(sent.length + refused.length).toBe(300);
    expect(sent.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toEqual({ msg: MSG.tooManyChatMessages, code: 'rate_limited' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const stored = await allMessages(student, opened.body.chat._id);
    expect(stored).toHaveLength(sent.length);
    // The limit counts in fixed windows, each opened by the first message after the last one ended: a
    // burst that outlasts a window (a busy machine) gets a second one. No window holds more than the limit.
    expect(Math.max(...messagesPerWindow(stored.map((message) => message.createdAt)))).toBeLessThanOrEqual(RATE_LIMITS.messagesPerAccount.max);
  });
});
