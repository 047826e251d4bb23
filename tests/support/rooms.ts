/** Rooms of booked calls through the real API and /ws, for the rooms tests: a booked introduction, the app's clock brought to its room. */
import { expect } from 'vitest';
import { ROOMS } from '../../shared/limits';
import type { RoomView } from '../../shared/schemas/rooms';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { signedInAs, signedInPublishingExpert, signedInStudent } from './accounts';
import type { ApiClient } from './api';
import { stackUrl } from './api';
import { expertWithOffer } from './chats';
import { openOrder, put, serverNow, startIn } from './orders';
import { advanceClock, delivered, pressOnPage, sessionIdOf } from './payments';
import { claimsOf } from './tokens';

export interface BookedCall {
  student: ApiClient;
  expert: ApiClient;
  studentId: string;
  expertId: string;
  studentEmail: string;
  expertEmail: string;
  orderId: string;
  /** The session's start, UTC. */
  start: string;
}

/** A free introduction, proposed by a new student to a new expert and confirmed: a video call in an hour or more. */
export async function bookedIntroduction(): Promise<BookedCall> {
  const { expert, expertId, email: expertEmail, offer } = await expertWithOffer('Rhea', 'Roomer', 'Exam coaching and review');
  const { client: student, email: studentEmail } = await signedInStudent();
  const { chat } = await openOrder(offer, student);
  const start = await startIn(1);
  expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, freeIntro: true })).status).toBe(200);
  expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
  return { student, expert, studentId: claimsOf(student.accessToken!).sub, expertId, studentEmail, expertEmail, orderId: chat._id, start };
}

/** A fixed-price Phone Call of 30 minutes, booked in an hour or more and paid: audio only. */
export async function bookedPhoneCall(): Promise<BookedCall> {
  const { client: expert, userId: expertId, email: expertEmail } = await signedInPublishingExpert('Paolo', 'Phoner');
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title: 'Pronunciation practice call',
    description: 'Half an hour of speaking practice on the phone, with corrections.',
    price: 30,
    lessonType: 'Phone Call',
    pricingType: 'fixed',
    durationMinutes: 30,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const admin = await signedInAs('admin');
  expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
  const { client: student, email: studentEmail } = await signedInStudent();
  const { chat } = await openOrder(created.body.offer, student);
  const start = await startIn(1);
  expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start })).status).toBe(200);
  expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
  const checkout = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await pressOnPage(checkout.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(checkout.body.url));
  return { student, expert, studentId: claimsOf(student.accessToken!).sub, expertId, studentEmail, expertEmail, orderId: chat._id, start };
}

/** Moves the app's clock to `minutesBefore` the start (the room opens ROOMS.opensBeforeMinutes before it). */
export async function clockToStart(start: string, minutesBefore = ROOMS.opensBeforeMinutes / 2): Promise<void> {
  const ahead = Date.parse(start) - minutesBefore * 60_000 - (await serverNow());
  if (ahead > 0) await advanceClock(`${Math.ceil(ahead / 1000)}s`);
}

export const roomOf = async (client: ApiClient, orderId: string) => client.get<RoomView>(`/rooms/${orderId}`);

/** Shortens API Gateway's idle and lifetime limits of the local gateway for sockets opened from now on; no arguments set them back. */
export async function setSocketLimits(limits: { idleSeconds?: number; lifetimeSeconds?: number } = {}): Promise<void> {
  const response = await fetch(`${stackUrl()}/_local/realtime-limits`, {
    method: 'POST',
    body: JSON.stringify(limits),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
}
