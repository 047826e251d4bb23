/** Conversations, messages and a rendered /messages (with the header and a fake realtime server) for the page's tests. */
import { waitFor } from '@testing-library/react';
import { Outlet, useNavigate } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { REALTIME } from '@shared/limits';
import type { Account } from '@shared/schemas/account';
import type { ChatDto, ChatParticipant, MessageDto } from '@shared/schemas/chats';
import type { OfferDto } from '@shared/schemas/catalogue';
import { LiveHeader } from './live-header';
import { anAccount } from '@/test/accounts';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { json, renderRoutes } from '@/test/render-app';
import MessagesRoute from '@/features/chat/routes/messages';

export const alice = anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin' });
export const aliceAsParticipant: ChatParticipant = { _id: 'student-1', role: 'user', firstName: 'Alice', lastName: 'Martin' };
export const claire: ChatParticipant = { _id: 'expert-1', role: 'professor', firstName: 'Claire', lastName: 'Dubois', profilePhoto: 'photos/claire.jpg' };
export const omar: ChatParticipant = { _id: 'expert-2', role: 'professor', firstName: 'Omar', lastName: 'Haddad' };

export const claireAccount = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois' });

/** Minutes after 2026-11-05 14:00 local time. */
export const at = (minutes: number) => new Date(2026, 10, 5, 14, minutes).toISOString();

export function chatWith(expert: ChatParticipant, id: string, fields: Partial<ChatDto> = {}): ChatDto {
  return {
    _id: id,
    offer: {
      _id: `offer-of-${id}`,
      title: 'Tax return review',
      description: 'A review of your tax return.',
      price: 120,
      lessonType: 'Video Call',
      pricingType: 'fixed',
      professor: { _id: expert._id, firstName: expert.firstName, lastName: expert.lastName },
    },
    orderNumber: 1042,
    orderStatus: 'open',
    participants: [aliceAsParticipant, expert],
    unreadCount: 0,
    isServiceInProgress: false,
    isOrderClosed: false,
    isOrderCanceled: false,
    isScheduleConfirmed: false,
    projectSubmission: { status: 'none' },
    orderKind: 'fixed',
    timeline: [],
    total: 120,
    professorName: `${expert.firstName} ${expert.lastName}`,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** Message ids sort in time order, as the server's do. */
export function message(id: string, chatId: string, from: ChatParticipant, content: string, minutes: number): MessageDto {
  return {
    _id: id,
    chat: chatId,
    sender: from._id,
    content,
    createdAt: at(minutes),
    updatedAt: at(minutes),
    read: false,
    senderDetails: { firstName: from.firstName, lastName: from.lastName },
  };
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** The answers of one conversation: its messages (all, hasMore false) and mark-read with the caller's new total. */
export function conversationAnswers(chat: ChatDto, messages: MessageDto[], unreadAfterRead = 0): Record<string, Handler> {
  return {
    [`GET /chats/chat/${chat._id}`]: () => json(200, { chat, messages, hasMore: false }),
    [`PUT /chats/${chat._id}/mark-read`]: () => json(200, { count: unreadAfterRead }),
  };
}

/** A page that sends to /messages with the navigation state an expert's profile gives. */
function ExpertProfileStub() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/messages', { state: { to: omar._id } })}>
      Message
    </button>
  );
}

const routes = [
  {
    path: '/',
    element: (
      <>
        <LiveHeader />
        <main>
          <Outlet />
        </main>
      </>
    ),
    children: [
      { path: 'messages', Component: MessagesRoute },
      { path: 'experts', element: <p>Expert directory</p> },
      { path: 'teacher/expert-2', Component: ExpertProfileStub },
    ],
  },
];

/**
 * /messages as Alice (or the account given), with the header's badge, the realtime channel on a fake socket and the API
 * answering as given (the unread total 0 and tickets unless told otherwise).
 */
export function renderMessages(path: string, answers: Record<string, Handler>, { account = alice }: { account?: Account } = {}) {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  const api = fakeApi({
    'GET /chats/unread-count': () => json(200, { count: 0 }),
    'POST /realtime/ticket': () => json(200, { ticket: `ticket-${FakeSocket.made.length + 1}` }),
    ...answers,
  });
  const view = renderRoutes(routes, { path, account });
  return {
    ...view,
    api,
    /** The calls of one kind, e.g. `calls('PUT', '/chats/c1/mark-read')`. */
    calls: (method: string, path: string) => api.calls().filter((call) => call.method === method && call.path === path),
    /** The server accepts the page's next realtime connection (a reconnection comes after its delay). */
    async connect(): Promise<FakeSocket> {
      await waitFor(() => expect(FakeSocket.made.at(-1)?.accepted).toBe(false), { timeout: 2 * REALTIME.reconnectDelayMs + 1000 });
      const socket = FakeSocket.latest();
      socket.accept();
      return socket;
    },
  };
}

/** A published offer of Omar's, as GET /offers/{id} answers it. */
export function publishedOffer(id: string, title: string, price = 80): OfferDto {
  return {
    _id: id,
    title,
    description: 'What the expert does.',
    price,
    lessonType: 'Document',
    pricingType: 'hourly',
    status: 'approved',
    approved: true,
    createdAt: '2026-10-01T10:00:00.000Z',
    professor: {
      _id: omar._id,
      firstName: 'Omar',
      lastName: 'Haddad',
      rating: 4.5,
      reviews: 3,
      expYears: 8,
      isVerified: true,
      isStripeConnected: true,
      payoutsEnabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}
