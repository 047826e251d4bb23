/**
 * POST /_local/demo/room: a room to try at once, with two browsers (docs/rooms.md, README). Each call
 * makes a fresh demo student (the free introduction is once per student and expert) and books them
 * a free introduction with Claire Dubois that starts in 5 minutes, through the services the API
 * calls, as people would: the student proposes one of Claire's free times, Claire suggests the time
 * in 5 minutes instead (an expert's own proposal may fall outside their hours, never onto another
 * booking, so a demo made while an earlier one holds that time starts once Claire is free), and the
 * student accepts it. It answers both logins, the room's address and when the session starts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../../functions/platform/access-token';
import { createUser } from '../../functions/contexts/accounts/repository';
import * as accounts from '../../functions/contexts/accounts/service';
import * as bookings from '../../functions/contexts/bookings/service';
import { myOffers } from '../../functions/contexts/catalogue/offer-service';
import * as chats from '../../functions/contexts/chats/service';
import * as orders from '../../functions/contexts/orders/lifecycle-service';
import { nowIso, nowMs } from '../../functions/platform/clock';
import { hashPassword, newId } from '../../functions/platform/crypto';
import { Conflict, HttpError } from '../../functions/platform/errors';
import { MSG } from '../../shared/texts';
import { roomPath } from '../../shared/app-paths';
import { acceptJsonOnly } from './cross-site';
import { DEMO_EXPERTS, type SeedSettings } from './demo-accounts';
import { sendJson } from './http-gateway';

const EXPERT = DEMO_EXPERTS[0];
const STARTS_IN_MINUTES = 5;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const NEXT_TRY_MINUTES = 15;
/** A day of quarter hours: far more than a demo run meets. */
const COUNTER_ATTEMPTS = 96;

export interface DemoRoom {
  room: string;
  startsAt: string;
  student: { email: string; password: string };
  expert: { email: string; password: string };
}

const callerOf = (userId: string, role: Caller['role']): Caller => ({ userId, role, sessionId: 'demo-room', kind: 'user' });

/** Books the introduction; the room's address is `appOrigin` + its path. */
export async function demoRoom(settings: SeedSettings, appOrigin: string): Promise<DemoRoom> {
  const expertId = await accounts.findAccountIdByEmail(EXPERT.email);
  const expertAccount = expertId && (await accounts.getAccount(expertId));
  if (!expertAccount) throw new Error(`No demo expert ${EXPERT.email}: the demo is not seeded`);
  const offer = (await myOffers(callerOf(expertAccount.userId, 'professor'))).find((candidate) => candidate.status === 'approved');
  if (!offer) throw new Error(`${EXPERT.email} has no published offer`);

  const number = newId().slice(0, 8);
  const email = `room.guest.${number}@demo.test`;
  const studentId = newId();
  await createUser({
    userId: studentId,
    role: 'user',
    email,
    firstName: 'Guest',
    lastName: number,
    name: `Guest ${number}`,
    passwordHash: await hashPassword(settings.demoPassword),
    status: 'active',
    createdAt: nowIso(),
    lastActiveAt: nowIso(),
  });
  const student = await accounts.getAccount(studentId, { consistent: true });
  if (!student) throw new Error('The demo student was not stored');
  const studentCaller = callerOf(studentId, 'user');
  const expertCaller = callerOf(expertAccount.userId, 'professor');

  const { chat } = await chats.createChat(studentCaller, student, offer._id, `Hello ${expertAccount.firstName}, could we try a call?`);
  const now = nowMs();
  const { slots } = await bookings.slotsOf(
    expertAccount.userId,
    { from: new Date(now).toISOString(), to: new Date(now + 30 * DAY_MS).toISOString(), minutes: 30, timeZone: 'UTC' },
    'demo-room',
  );
  if (slots.length === 0) throw new Error(`${EXPERT.email} has no free time in the next 30 days`);
  await orders.schedule(studentCaller, chat._id, { scheduledDate: slots[0], freeIntro: true });
  const startsAt = await counterSoonest(expertCaller, chat._id);
  await orders.acceptSchedule(studentCaller, chat._id);
  return {
    room: `${appOrigin}${roomPath(chat._id)}`,
    startsAt,
    student: { email, password: settings.demoPassword },
    expert: { email: EXPERT.email, password: settings.demoPassword },
  };
}

/**
 * Claire suggests the time in 5 minutes, or, when an earlier demo took it (she is never double
 * booked), the next quarter hour she is free.
 */
async function counterSoonest(expert: Caller, orderId: string): Promise<string> {
  let start = Math.ceil((nowMs() + STARTS_IN_MINUTES * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  for (let attempt = 0; attempt < COUNTER_ATTEMPTS; attempt++, start += NEXT_TRY_MINUTES * MINUTE_MS) {
    try {
      await orders.counterSchedule(expert, orderId, { scheduledDate: new Date(start).toISOString() });
      return new Date(start).toISOString();
    } catch (error) {
      if (!(error instanceof Conflict && error.code === 'slot_taken')) throw error;
    }
  }
  throw new Conflict(MSG.slotTaken, 'slot_taken');
}

/** POST only, as JSON (cross-site.ts). */
export function createDemoRoomControl(settings: SeedSettings, appOrigin: string) {
  return async function serveDemoRoom(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'POST, as application/json' });
    if (!acceptJsonOnly(request, response)) return;
    try {
      sendJson(response, 201, await demoRoom(settings, appOrigin));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendJson(response, error.statusCode, { error: error.message, code: error.code });
    }
  };
}
