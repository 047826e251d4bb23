/** Orders through the real API for the order tests: the app's clock, opening an order, reading it back, ledger entries. */
import { expect } from 'vitest';
import type { ChatDto, CreatedChat } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { signedInStudent } from './accounts';
import { type ApiClient, stackUrl } from './api';
import { getItem } from './table';

const HOUR = 3_600_000;

/** The app's time (the test clock may have moved it ahead of this machine's). */
export async function serverNow(): Promise<number> {
  return Date.parse(((await (await fetch(`${stackUrl()}/_local/clock`)).json()) as { now: string }).now);
}

/** A session start on the hour, at least `hours` ahead of the app's clock. */
export async function startIn(hours: number): Promise<string> {
  return new Date(Math.ceil(((await serverNow()) + hours * HOUR) / HOUR) * HOUR).toISOString();
}

/** A conversation about the offer (one order) opened by the student, a new one unless given. */
export async function openOrder(offer: OfferDto, student?: ApiClient): Promise<{ student: ApiClient; chat: ChatDto }> {
  const client = student ?? (await signedInStudent()).client;
  const opened = await client.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello!' });
  expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
  return { student: client, chat: opened.body.chat };
}

export const chatOf = async (client: ApiClient, chatId: string) => (await client.get<{ chat: ChatDto }>(`/chats/chat/${chatId}`)).body.chat;
export const put = (client: ApiClient, path: string, body: unknown = {}) => client.request('PUT', path, body);
export const ledgerEntry = (entryId: string) => getItem({ pk: `LEDGER#${entryId}`, sk: 'ENTRY' });
