/** Conversations and realtime connections through the real API and /ws, for the chat tests. */
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '../../shared/schemas/realtime';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { type ApiClient, stackUrl } from './api';
import { EVENTUALLY_MS } from './eventually';
import { signedInAs, signedInPublishingExpert } from './accounts';
import { setAttributes } from './table';

/** A new expert of the test's own with one published offer (approved by the admin): a fixed-price project, delivered as a file. */
export async function expertWithOffer(
  firstName = 'Chandra',
  lastName = 'Chatty',
  title = 'Career strategy review',
): Promise<{ expert: ApiClient; expertId: string; email: string; offer: OfferDto }> {
  const { client: expert, userId: expertId, email } = await signedInPublishingExpert(firstName, lastName);
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title,
    description: 'A written review of your next career move, with notes.',
    price: 60,
    lessonType: 'Document',
    pricingType: 'fixed',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const admin = await signedInAs('admin');
  expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
  return { expert, expertId, email, offer: { ...created.body.offer, status: 'approved', approved: true } };
}

/** An hourly offer of the expert at `price` euros an hour, published (approved by the admin). */
export async function hourlyOfferOf(expert: ApiClient, title: string, price: number): Promise<OfferDto> {
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title,
    description: 'Hour-long sessions on your questions, with written feedback after each one.',
    price,
    lessonType: 'Video Call',
    pricingType: 'hourly',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const admin = await signedInAs('admin');
  expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
  return created.body.offer;
}

/** A free offer of the expert (€0, a fixed-price Document project), published (approved by the admin). */
export async function freeOfferOf(expert: ApiClient, title: string): Promise<OfferDto> {
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title,
    description: 'A written first look at your project, free of charge.',
    price: 0,
    lessonType: 'Document',
    pricingType: 'fixed',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const admin = await signedInAs('admin');
  expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
  return created.body.offer;
}

export const wsUrl = (query = '') => `${stackUrl().replace('http', 'ws')}/ws${query}`;

/** A realtime connection: every event it receives, and a way to wait for the next one that matches. */
export interface RealtimeConnection {
  socket: WebSocket;
  events: RealtimeEvent[];
  next(match: (event: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  send(action: Record<string, unknown>): void;
  close(): Promise<void>;
  /** Resolves when the server closes the socket (or it is closed already). */
  closed(): Promise<void>;
  duplicates(): number;
}

export async function ticketFor(client: ApiClient): Promise<string> {
  const response = await client.post<{ ticket: string }>('/realtime/ticket', {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.ticket;
}

/**
 * Opens /ws as the browser does: a fresh ticket (or the one given), the app's Origin. Like the
 * browser's client it keeps the first push of an event id (the write path and the stream may both
 * deliver one); `duplicates` counts the others.
 */
export async function connectAs(client: ApiClient, ticket?: string): Promise<RealtimeConnection> {
  return openConnection(new WebSocket(wsUrl(`?ticket=${ticket ?? (await ticketFor(client))}`), { origin: stackUrl() }));
}

export async function openConnection(socket: WebSocket): Promise<RealtimeConnection> {
  const events: RealtimeEvent[] = [];
  const eventIds = new Set<string>();
  let duplicates = 0;
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as RealtimeEvent;
    if ('eventId' in event) {
      if (eventIds.has(event.eventId)) {
        duplicates += 1;
        return;
      }
      eventIds.add(event.eventId);
    }
    events.push(event);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let seen = 0;
  return {
    socket,
    events,
    /**
     * Waits for the next matching event after those already taken; fails after timeoutMs (a lost
     * event). A guard, not a measure of speed: 5 s ran out on 2 cores busy with the whole suite.
     */
    next(match, timeoutMs = EVENTUALLY_MS) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = events.findIndex((event, at) => at >= seen && match(event));
          if (index < 0) return false;
          seen = index + 1;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(events[index]);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`No matching event within ${timeoutMs} ms; received: ${JSON.stringify(events.slice(seen))}`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    send: (action) => socket.send(JSON.stringify(action)),
    closed: () => (socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()))),
    duplicates: () => duplicates,
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

/** The handshake's status when /ws refuses (101 when it opens). */
export function handshakeStatus(url: string, headers: { origin?: string }): Promise<number> {
  const socket = new WebSocket(url, headers.origin ? { origin: headers.origin } : {});
  return new Promise<number>((resolve) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('error', () => undefined);
  });
}

/**
 * Stores a connection of the client's session that the gateway does not know, as a socket that went
 * away without its $disconnect leaves one (opened an hour ago), or one whose $connect is still
 * running (`connecting`: stored a moment ago, in the user's partition only). Answers its item's key.
 */
export async function storedUnknownConnection(client: ApiClient, connectionId: string, connecting = false): Promise<{ pk: string; sk: string }> {
  const claims = JSON.parse(Buffer.from(String(client.accessToken).split('.')[1], 'base64url').toString()) as { sub: string; sid: string };
  const connection = {
    connectionId,
    userId: claims.sub,
    sessionId: claims.sid,
    connectedAt: connecting ? Date.now() : Date.now() - 60 * 60_000,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  };
  const key = { pk: `CONN#USER#${claims.sub}`, sk: `CONN#${connectionId}` };
  await setAttributes(key, connection);
  if (!connecting) await setAttributes({ pk: `CONN#${connectionId}`, sk: 'CONN' }, connection);
  return key;
}
