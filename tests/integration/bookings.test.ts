/**
 * Bookings through the local gateway, the real orders handler and DynamoDB Local: an expert's hours
 * and the free slots computed from them, and the reservations that keep any two binding bookings of
 * one person apart, with the expert's buffer, under concurrent confirmations (docs/bookings.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { Availability, SlotsAnswer } from '../../shared/schemas/bookings';
import { MSG } from '../../shared/texts';
import { signedInStudent } from '../support/accounts';
import { latestMail } from '../support/outbox';
import { advanceClock, localStripe, sessionIdOf } from '../support/payments';
import { type ApiClient, stackUrl } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { openOrder, put, serverNow } from '../support/orders';
import { partitionItems } from '../support/table';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let expert: ApiClient;
let expertId: string;
let expertEmail: string;
let offer: OfferDto;

const weekdays = (ranges: { start: string; end: string }[]) => ({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges, sat: ranges, sun: ranges });
const hours = (fields: Partial<Availability> = {}): Availability => ({
  timeZone: 'UTC',
  weekly: weekdays([{ start: '08:00', end: '20:00' }]),
  overrides: [],
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 60,
  ...fields,
});

/** A day well ahead of the app's clock, at midnight UTC, plus `offset` hours. */
async function dayAhead(days: number, offset = 0): Promise<number> {
  return Math.floor((await serverNow()) / DAY) * DAY + days * DAY + offset * HOUR;
}

/** A student's order on the hourly offer, proposed at `start` for `scheduledHours`. */
async function proposed(start: number, scheduledHours = 1, student?: ApiClient) {
  const { student: client, chat } = await openOrder(offer, student);
  const answer = await put(client, `/chats/${chat._id}/schedule`, { scheduledDate: new Date(start).toISOString(), scheduledHours });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { student: client, chatId: chat._id };
}

const calendarBookings = async (userId: string) => (await partitionItems(`CALENDAR#${userId}`)).filter((item) => String(item.sk).startsWith('BOOKING#'));
const slotsOf = async (id: string, query: Record<string, string | number>) => {
  const response = await fetch(
    `${stackUrl()}/api/experts/${id}/slots?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
  );
  return { status: response.status, body: (await response.json()) as SlotsAnswer & { code?: string; msg?: string } };
};

beforeAll(async () => {
  ({ expert, expertId, email: expertEmail } = await expertWithOffer('Bea', 'Booker', 'Interview practice'));
  offer = await hourlyOfferOf(expert, 'Mock interviews by the hour', 40);
});

describe('never double booked', () => {
  it('lands exactly one of 20 concurrent confirmations of the same time, by 20 students; the others are told the time was just taken', async () => {
    const start = await dayAhead(20, 9);
    const orders = await Promise.all(Array.from({ length: 20 }, (_, index) => proposed(start, 1 + (index % 2))));
    const answers = await Promise.all(orders.map(({ chatId }) => put(expert, `/chats/${chatId}/confirm-schedule`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body).toEqual({ msg: MSG.slotTaken, code: 'slot_taken' });
    const booked = await calendarBookings(expertId);
    expect(booked.filter((item) => Date.parse(String(item.start)) === start)).toHaveLength(1);
  });

  it('keeps a student out of two sessions at once, with two experts', async () => {
    const start = await dayAhead(21, 9);
    const { client: student } = await signedInStudent();
    const first = await proposed(start, 2, student);
    const other = await expertWithOffer('Otto', 'Other', 'Salary negotiation');
    const otherHourly = await hourlyOfferOf(other.expert, 'Negotiation drills', 30);
    const { chat } = await openOrder(otherHourly, student);
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: new Date(start + HOUR).toISOString(), scheduledHours: 1 })).status).toBe(200);
    expect((await put(expert, `/chats/${first.chatId}/confirm-schedule`)).status).toBe(200);
    expect(await put(other.expert, `/chats/${chat._id}/confirm-schedule`)).toMatchObject({ status: 409, body: { code: 'slot_taken' } });
    // The refused move changed nothing: the time is still proposed.
    expect((await student.get<{ chat: { orderStatus: string } }>(`/chats/chat/${chat._id}`)).body.chat.orderStatus).toBe('scheduled');
  });

  it('keeps the expert’s buffer free after each booking, and frees the time when a booking is cancelled', async () => {
    expect((await expert.request('PUT', '/availability', hours({ bufferMinutes: 30 }))).status).toBe(200);
    const start = await dayAhead(22, 10);
    // Four proposals, all free while none is binding.
    const first = await proposed(start, 1);
    const tooSoon = await proposed(start + HOUR, 1);
    const endsIntoBuffer = await proposed(start - HOUR, 1);
    const afterBuffer = await proposed(start + 1.5 * HOUR, 1);
    expect((await put(expert, `/chats/${first.chatId}/confirm-schedule`)).status).toBe(200);
    expect(await put(expert, `/chats/${tooSoon.chatId}/confirm-schedule`)).toMatchObject({ status: 409, body: { code: 'slot_taken' } });
    expect(await put(expert, `/chats/${endsIntoBuffer.chatId}/confirm-schedule`)).toMatchObject({ status: 409, body: { code: 'slot_taken' } });
    expect((await put(expert, `/chats/${afterBuffer.chatId}/confirm-schedule`)).status).toBe(200);
    // A new proposal onto a binding booking is refused at once, and one outside the expert's hours too.
    const { student: another, chat } = await openOrder(offer);
    expect(await put(another, `/chats/${chat._id}/schedule`, { scheduledDate: new Date(start).toISOString(), scheduledHours: 1 })).toMatchObject({
      status: 409,
      body: { code: 'slot_taken' },
    });
    const { student: late, chat: lateChat } = await openOrder(offer);
    expect(await put(late, `/chats/${lateChat._id}/schedule`, { scheduledDate: new Date(start + 11 * HOUR).toISOString(), scheduledHours: 1 })).toMatchObject({
      status: 409,
      body: { code: 'slot_not_offered', msg: MSG.slotNotOffered },
    });

    expect((await put(first.student, `/chats/${first.chatId}/cancel`)).status).toBe(200);
    expect((await calendarBookings(expertId)).some((item) => item.orderId === first.chatId)).toBe(false);
    expect((await put(expert, `/chats/${tooSoon.chatId}/confirm-schedule`)).status).toBe(409);
    const again = await proposed(start - 0.5 * HOUR, 1);
    expect((await put(expert, `/chats/${again.chatId}/confirm-schedule`)).status).toBe(200);
  });
});

describe('the expert’s hours and free slots', () => {
  it('are refused with the reason when malformed, and changes nothing', async () => {
    const before = (await expert.get<{ availability: Availability | null }>('/availability')).body.availability;
    const cases: [Partial<Availability>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, MSG.timeZoneInvalid],
      [{ weekly: weekdays([{ start: '10:00', end: '09:00' }]) }, MSG.availabilityRange],
      [{ weekly: weekdays([{ start: '09:10', end: '10:00' }]) }, MSG.availabilityRange],
      [
        {
          weekly: weekdays([
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ]),
        },
        MSG.availabilityOverlap,
      ],
      [{ overrides: [{ date: '2026-02-30', ranges: [] }] }, MSG.availabilityDate],
      [{ bufferMinutes: 20 }, MSG.availabilityBuffer],
      [{ minNoticeHours: -1 }, MSG.availabilityNotice],
      [{ horizonDays: 0 }, MSG.availabilityHorizon],
    ];
    for (const [fields, msg] of cases) expect(await expert.request('PUT', '/availability', hours(fields))).toMatchObject({ status: 400, body: { msg } });
    expect((await expert.get<{ availability: Availability | null }>('/availability')).body.availability).toEqual(before);
    const student = (await signedInStudent()).client;
    expect((await student.request('PUT', '/availability', hours())).status).toBe(403);
  });

  it('answers the free starts on the viewer’s half hours, without the booked time and its buffer', async () => {
    const day = await dayAhead(30);
    const free = hours({
      weekly: weekdays([]),
      overrides: [{ date: new Date(day).toISOString().slice(0, 10), ranges: [{ start: '09:00', end: '13:00' }] }],
      bufferMinutes: 30,
    });
    expect((await expert.request('PUT', '/availability', free)).status).toBe(200);
    const query = { from: new Date(day).toISOString(), to: new Date(day + DAY).toISOString(), minutes: 60, timeZone: 'Asia/Kolkata' };
    const before = await slotsOf(expertId, query);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ hasHours: true, expertTimeZone: 'UTC' });
    // Kolkata is UTC+05:30: its half hours are UTC's too.
    expect(before.body.slots).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'].map((time) =>
        new Date(`${new Date(day).toISOString().slice(0, 10)}T${time}:00Z`).toISOString(),
      ),
    );

    const booked = await proposed(day + 10 * HOUR, 1);
    expect((await put(expert, `/chats/${booked.chatId}/confirm-schedule`)).status).toBe(200);
    const after = await slotsOf(expertId, query);
    // 10:00-11:00 booked, its buffer to 11:30; a new hour needs its own buffer free before 10:00.
    expect(after.body.slots.map((slot) => slot.slice(11, 16))).toEqual(['11:30', '12:00']);
    const kathmandu = await slotsOf(expertId, { ...query, timeZone: 'Asia/Kathmandu' });
    expect(kathmandu.body.slots.map((slot) => slot.slice(11, 16))).toEqual(['11:45']);
  });

  it('refuses a malformed query, and an id that is no listed expert', async () => {
    const from = new Date(await dayAhead(30)).toISOString();
    expect((await slotsOf(expertId, { from, to: from, minutes: 60, timeZone: 'UTC' })).body).toMatchObject({ code: 'validation_failed', msg: MSG.slotsRange });
    expect((await slotsOf(expertId, { from, to: new Date(Date.parse(from) + 70 * DAY).toISOString(), minutes: 60, timeZone: 'UTC' })).status).toBe(400);
    expect((await slotsOf(expertId, { from, to: new Date(Date.parse(from) + DAY).toISOString(), minutes: 45, timeZone: 'UTC' })).body).toMatchObject({
      msg: MSG.slotsMinutes,
    });
    expect((await slotsOf(expertId, { from, to: new Date(Date.parse(from) + DAY).toISOString(), minutes: 60, timeZone: 'Nowhere' })).body).toMatchObject({
      msg: MSG.timeZoneInvalid,
    });
    expect(await slotsOf('no-such-expert', { from, to: new Date(Date.parse(from) + DAY).toISOString(), minutes: 60, timeZone: 'UTC' })).toMatchObject({
      status: 404,
      body: { code: 'expert_not_found' },
    });
  });
});

describe('an unpaid hold', () => {
  it('gives its time back 24 hours after the confirmation: the open checkout expires, the order is open again, and both sides are told', async () => {
    expect((await expert.request('PUT', '/availability', hours())).status).toBe(200);
    const { client: student, email } = await signedInStudent();
    const start = await dayAhead(40, 15);
    const { chatId } = await proposed(start, 1, student);
    expect((await put(expert, `/chats/${chatId}/confirm-schedule`)).status).toBe(200);
    const checkout = await student.post<{ url: string }>('/payments/create-session', { chatId });
    expect(checkout.status).toBe(200);
    const held = (await student.get<{ chat: { dueAt?: string } }>(`/chats/chat/${chatId}`)).body.chat;
    expect(Date.parse(String(held.dueAt)) - (await serverNow())).toBeLessThanOrEqual(24 * HOUR);

    await advanceClock('25h');
    await expect.poll(async () => (await student.get<{ chat: { orderStatus: string } }>(`/chats/chat/${chatId}`)).body.chat.orderStatus).toBe('open');
    expect((await localStripe().checkout.sessions.retrieve(sessionIdOf(checkout.body.url))).status).toBe('expired');
    expect((await calendarBookings(expertId)).some((item) => item.orderId === chatId)).toBe(false);
    expect((await latestMail(email, `Time released: ${offer.title}`)).text).toContain('was not paid in time');
    expect((await latestMail(expertEmail, `Time released: ${offer.title}`)).text).toContain('did not pay');
    // The time is anyone's again.
    const next = await proposed(start, 1);
    expect((await put(expert, `/chats/${next.chatId}/confirm-schedule`)).status).toBe(200);
  });
});

describe('the calendar feed', () => {
  const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, '');
  const uidsIn = (text: string) => [...unfolded(text).matchAll(/^UID:(.+)$/gm)].map((match) => match[1].trim());
  const read = async (url: string) => {
    const response = await fetch(`${stackUrl()}${new URL(url).pathname}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('lists the member’s bookings at a secret address, under the UIDs of the mails’ invites; a new address revokes the old', async () => {
    const { client: student, email } = await signedInStudent();
    const start = await dayAhead(25, 13);
    const { chat } = await openOrder(offer, student);
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: new Date(start).toISOString(), freeIntro: true })).status).toBe(200);
    expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
    const mail = await latestMail(email, `Booking confirmed: ${offer.title}`);
    const invite = Buffer.from(mail.attachments.find((attachment) => attachment.filename === 'session.ics')?.content ?? '', 'base64').toString('utf8');

    expect(await student.get('/calendar-feed')).toMatchObject({ status: 200, body: { active: false } });
    const made = await student.post<{ msg: string; url: string; createdAt: string }>('/calendar-feed', {});
    expect(made).toMatchObject({ status: 200, body: { msg: MSG.calendarFeedCreated } });
    expect(made.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only its hash is kept: the address is not shown again.
    expect((await student.get('/calendar-feed')).body).toEqual({ active: true, createdAt: made.body.createdAt });
    expect(JSON.stringify(await partitionItems(`CALFEED#${made.body.url.split('/').pop()?.replace('.ics', '')}`))).toBe('[]');

    const feed = await read(made.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(uidsIn(feed.text)).toEqual(uidsIn(invite));
    expect(unfolded(feed.text)).toContain(
      `DTSTART:${new Date(start)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    expect(unfolded(feed.text)).toContain(`SUMMARY:Order #${chat.orderNumber}: ${offer.title}`);
    // Where to join: the call's room, as the invite says too.
    expect(unfolded(feed.text)).toMatch(new RegExp(`^LOCATION:https?://[^/]+/room/${chat._id}\\s*$`, 'm'));
    // The expert's own feed lists it too; a stranger's address, a malformed one and a guessed one are 404 alike.
    const expertFeed = await expert.post<{ url: string }>('/calendar-feed', {});
    expect(uidsIn((await read(expertFeed.body.url)).text)).toContain(uidsIn(invite)[0]);
    for (const guess of ['/api/calendar/nothing.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${'A'.repeat(43)}.txt`]) {
      const response = await fetch(`${stackUrl()}${guess}`);
      expect({ status: response.status, code: ((await response.json()) as { code?: string }).code }).toEqual({ status: 404, code: 'feed_not_found' });
    }

    const renewed = await student.post<{ url: string }>('/calendar-feed', {});
    expect(renewed.body.url).not.toBe(made.body.url);
    expect((await read(made.body.url)).status).toBe(404);
    expect(uidsIn((await read(renewed.body.url)).text)).toEqual(uidsIn(invite));
  });
});
